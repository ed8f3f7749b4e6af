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

  @org.junit.jupiter.api.Test
  void stampsAppendInBothRepresentations() {
    assertEquals("5,6,7", IdentityRecords.appendStamp("5,6", 7));
    assertArrayEquals(
        "5,6,7".getBytes(StandardCharsets.US_ASCII),
        IdentityRecords.appendStamp("5,6".getBytes(StandardCharsets.US_ASCII), 7));
  }
}
