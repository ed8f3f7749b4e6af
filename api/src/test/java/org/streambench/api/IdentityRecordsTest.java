package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdentityRecordsTest {
  private static final long INTENDED = 1_763_790_000_123_456L;

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 9, 10, 99, 100, 123_456_789L, 999_999_999_999_999_999L})
  void encodedInputStampedTwiceParsesBack(long seq) {
    byte[] buf = new byte[64];
    int len = IdentityRecords.encodeInput(seq, INTENDED, buf);
    assertEquals(seq + "," + INTENDED, new String(buf, 0, len, StandardCharsets.US_ASCII));
    byte[] out =
        IdentityRecords.appendStamp(IdentityRecords.appendStamp(Arrays.copyOf(buf, len), 7), 0);
    long[] fields = new long[4];
    assertTrue(IdentityRecords.parseOutput(out, fields));
    assertArrayEquals(new long[] {seq, INTENDED, 7, 0}, fields);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        ",",
        "1,2,3",
        "1,2,3,",
        ",1,2,3",
        "1,,2,3,4",
        "1,a,3,4",
        "-1,2,3,4",
        "1,2,3,-4",
        "1 ,2,3,4",
        "1,2,x,4",
        "x,2,3,4",
        "1,2,xx,3",
        "1,2,yy,3,4",
        "1,2,3x,4,5",
        "1234567890123456789,2,3,4",
        "1,2,3,1234567890123456789"
      })
  void malformedOutputIsRejected(String record) {
    assertFalse(
        IdentityRecords.parseOutput(record.getBytes(StandardCharsets.US_ASCII), new long[4]),
        record);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 10, 24, 25, 150, 1024})
  void paddedRecordsHaveTheirSizeAndParseLikeUnpaddedOnes(int size) {
    byte[] buf = new byte[2048];
    int len = IdentityRecords.encodeInput(123, INTENDED, size, buf);
    assertEquals(Math.max(size, 20), len);
    byte[] out =
        IdentityRecords.appendStamp(IdentityRecords.appendStamp(Arrays.copyOf(buf, len), 7), 8);
    long[] fields = new long[4];
    assertTrue(IdentityRecords.parseOutput(out, fields));
    assertArrayEquals(new long[] {123, INTENDED, 7, 8}, fields);
    int outLen = IdentityRecords.encodeOutput(123, INTENDED, size, 7, 8, buf);
    assertArrayEquals(out, Arrays.copyOf(buf, outLen), "encodeOutput = input + stamps");
  }

  @Test
  void stampsAppendInBothRepresentations() {
    assertEquals("5,6,7", IdentityRecords.appendStamp("5,6", 7));
    assertArrayEquals(
        "5,6,7".getBytes(StandardCharsets.US_ASCII),
        IdentityRecords.appendStamp("5,6".getBytes(StandardCharsets.US_ASCII), 7));
  }

  @Test
  void theLastStampOfAStampedValue() {
    String stamped = IdentityRecords.appendStamp("1,2,x", 42);
    assertEquals(42, IdentityRecords.lastStamp(stamped));
    assertEquals("1,2,x", IdentityRecords.withoutLastStamp(stamped));
  }
}
