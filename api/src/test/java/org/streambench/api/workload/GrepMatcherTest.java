package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
