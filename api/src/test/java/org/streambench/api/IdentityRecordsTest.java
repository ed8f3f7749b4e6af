package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdentityRecordsTest {

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 9, 10, 99, 100, 123_456_789L, 999_999_999_999_999_999L})
  void encodedInputParsesBack(long seq) {
    byte[] buf = new byte[40];
    long intended = 1_763_790_000_123_456L;
    int len = IdentityRecords.encodeInput(seq, intended, buf);
    assertEquals(seq + "," + intended, new String(buf, 0, len, StandardCharsets.US_ASCII));
    long[] fields = new long[2];
    assertEquals(2, IdentityRecords.parseLongs(java.util.Arrays.copyOf(buf, len), fields));
    assertArrayEquals(new long[] {seq, intended}, fields);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", ",", "1,", ",1", "1,,2", "1,a", "-1,2", "1,2,3,4,5", "1 ,2"})
  void malformedRecordsAreRejected(String record) {
    long[] fields = new long[4];
    assertEquals(
        -1, IdentityRecords.parseLongs(record.getBytes(StandardCharsets.US_ASCII), fields));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 10, 24, 25, 150, 1024})
  void paddedRecordsHaveTheirSizeAndParseLikeUnpaddedOnes(int size) {
    byte[] buf = new byte[2048];
    int len = IdentityRecords.encodeInput(123, 1_763_790_000_123_456L, size, buf);
    assertEquals(Math.max(size, 20), len);
    byte[] out =
        IdentityRecords.appendStamp(
            IdentityRecords.appendStamp(java.util.Arrays.copyOf(buf, len), 7), 8);
    long[] fields = new long[4];
    assertEquals(4, IdentityRecords.parseLongs(out, fields));
    assertArrayEquals(new long[] {123, 1_763_790_000_123_456L, 7, 8}, fields);
    int outLen = IdentityRecords.encodeOutput(123, 1_763_790_000_123_456L, size, 7, 8, buf);
    assertArrayEquals(out, java.util.Arrays.copyOf(buf, outLen), "encodeOutput = input + stamps");
  }

  @ParameterizedTest
  @ValueSource(strings = {"x,1", "1,xxy,2", "1,2x", "1,x2"})
  void paddingIsOnlyAWholeFieldOfX(String record) {
    assertEquals(
        -1, IdentityRecords.parseLongs(record.getBytes(StandardCharsets.US_ASCII), new long[4]));
  }

  @org.junit.jupiter.api.Test
  void stampsAppendInBothRepresentations() {
    assertEquals("5,6,7", IdentityRecords.appendStamp("5,6", 7));
    assertArrayEquals(
        "5,6,7".getBytes(StandardCharsets.US_ASCII),
        IdentityRecords.appendStamp("5,6".getBytes(StandardCharsets.US_ASCII), 7));
  }
}
