package org.streambench.harness.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ValueCopyTest {
  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void copiesExactlyTheEncodedBytes() {
    byte[] buf = bytes("12,345xxxxxxx");
    assertArrayEquals(bytes("12,345"), new ValueCopy().of(buf, 6));
  }

  @Test
  void reusesTheArrayWhileTheLengthRepeats() {
    ValueCopy copy = new ValueCopy();
    byte[] first = copy.of(bytes("10,100"), 6);
    byte[] second = copy.of(bytes("11,101"), 6);
    assertSame(first, second);
    assertArrayEquals(bytes("11,101"), second);
  }

  @Test
  void allocatesAnotherArrayWhenTheLengthChanges() {
    ValueCopy copy = new ValueCopy();
    byte[] shorter = copy.of(bytes("9,100"), 5);
    byte[] longer = copy.of(bytes("10,100"), 6);
    assertNotSame(shorter, longer);
    assertArrayEquals(bytes("9,100"), shorter);
    assertArrayEquals(bytes("10,100"), longer);
    assertArrayEquals(bytes("1,1"), copy.of(bytes("1,1"), 3));
  }
}
