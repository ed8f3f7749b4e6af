package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /** The format as a regular expression: what parseOutput must accept, and the values it reads. */
  private static final Pattern OUTPUT =
      Pattern.compile(
          "(\\d{1,18}),(\\d{1,18}),(?:x(?:.*x)?,)?(\\d{1,18}),(\\d{1,18})", Pattern.DOTALL);

  @Test
  void parsingAgreesWithTheFormatsRegularExpressionOnRandomBytes() {
    byte[] alphabet = "0123456789,,,x/:- ".getBytes(StandardCharsets.ISO_8859_1);
    byte[] high = {(byte) 0xFA, (byte) 0xFF, (byte) 0xB9};
    Random random = new Random(42);
    long[] fields = new long[4];
    int accepted = 0;
    for (int n = 0; n < 300_000; n++) {
      byte[] record;
      if (n % 2 == 0) {
        // a well-formed record of random length numbers, then perhaps one byte changed
        String r =
            digits(random, 1 + random.nextInt(19))
                + ","
                + digits(random, 1 + random.nextInt(19))
                + (random.nextBoolean() ? "" : ",x" + "x".repeat(random.nextInt(12)))
                + ","
                + digits(random, 1 + random.nextInt(19))
                + ","
                + digits(random, 1 + random.nextInt(19));
        record = r.getBytes(StandardCharsets.ISO_8859_1);
        if (random.nextInt(3) == 0) {
          record[random.nextInt(record.length)] =
              random.nextInt(8) == 0
                  ? high[random.nextInt(high.length)]
                  : alphabet[random.nextInt(alphabet.length)];
        }
      } else {
        record = new byte[random.nextInt(60)];
        for (int i = 0; i < record.length; i++) {
          record[i] = alphabet[random.nextInt(alphabet.length)];
        }
      }
      Matcher m = OUTPUT.matcher(new String(record, StandardCharsets.ISO_8859_1));
      boolean expected = m.matches();
      String shown = new String(record, StandardCharsets.ISO_8859_1);
      assertEquals(expected, IdentityRecords.parseOutput(record, fields), shown);
      if (expected) {
        accepted++;
        for (int f = 0; f < 4; f++) {
          assertEquals(Long.parseLong(m.group(f + 1)), fields[f], shown);
        }
      }
    }
    assertTrue(accepted > 50_000, "enough well-formed records were tried: " + accepted);
  }

  private static String digits(Random random, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append((char) ('0' + random.nextInt(10)));
    }
    return b.toString();
  }
}
