package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class GrepMatcherTest {
  @Test
  void matchesTheTextOnly() {
    GrepMatcher errors = new GrepMatcher("ERROR");
    assertTrue(errors.matches("1,2,ERROR disk full"));
    assertFalse(errors.matches("1,2,INFO all fine"));
    assertTrue(new GrepMatcher("^INFO").matches("1,2,INFO x"));
    assertFalse(new GrepMatcher("7").matches("7,7,INFO x"), "seq and t never match");
  }

  @Test
  void aStampedLineEndsItsTextBeforeTheStamp() {
    String stamped = "1,2,INFO x,7";
    int textEnd = stamped.lastIndexOf(',');
    assertFalse(new GrepMatcher("7").matches(stamped, textEnd));
    assertTrue(new GrepMatcher("x$").matches(stamped, textEnd));
  }

  @Test
  void aSerializedCopyMatchesAlikeWithAMatcherOfItsOwn() throws Exception {
    GrepMatcher original = new GrepMatcher("x$");
    assertTrue(original.matches("1,2,INFO x"), "the original has made its matcher");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(original);
    }
    GrepMatcher copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (GrepMatcher) in.readObject();
    }
    assertTrue(copy.matches("1,2,INFO x"));
    assertFalse(copy.matches("1,2,x INFO"));
    assertTrue(original.matches("3,4,y x"));
  }
}
