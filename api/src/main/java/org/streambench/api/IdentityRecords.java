package org.streambench.api;

import java.nio.charset.StandardCharsets;

/**
 * Record formats of the identity workload, shared by generator, engines and collector.
 *
 * <pre>
 *   input:  seq,intendedMicros                      e.g. 1234,1763790000123456
 *   output: seq,intendedMicros,inMicros,outMicros
 * </pre>
 *
 * {@code seq} counts from 0 per run; {@code intendedMicros} is the generator's intended send time
 * (not the time it actually sent), so that a late generator cannot hide latency. Engines append
 * {@code inMicros} when a record enters the job and {@code outMicros} when it leaves.
 */
public final class IdentityRecords {
  /** Number of comma-separated fields in an output record. */
  public static final int OUTPUT_FIELDS = 4;

  private IdentityRecords() {}

  /** Encodes an input record into {@code buf}; returns the number of bytes written. */
  public static int encodeInput(long seq, long intendedMicros, byte[] buf) {
    int pos = writeLong(seq, buf, 0);
    buf[pos++] = ',';
    return writeLong(intendedMicros, buf, pos);
  }

  /** Returns {@code record + "," + micros}: how an engine stamps a record on entry or exit. */
  public static String appendStamp(String record, long micros) {
    return record + ',' + micros;
  }

  /** Byte-level {@link #appendStamp(String, long)}, for engines that keep records as bytes. */
  public static byte[] appendStamp(byte[] record, long micros) {
    byte[] digits = Long.toString(micros).getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[record.length + 1 + digits.length];
    System.arraycopy(record, 0, out, 0, record.length);
    out[record.length] = ',';
    System.arraycopy(digits, 0, out, record.length + 1, digits.length);
    return out;
  }

  /**
   * Parses up to {@code out.length} non-negative comma-separated decimal longs without allocating.
   *
   * @return the number of fields parsed, or -1 if the record is malformed
   */
  public static int parseLongs(byte[] record, long[] out) {
    if (record == null || record.length == 0) {
      return -1;
    }
    int field = 0;
    long value = 0;
    int digits = 0;
    for (byte b : record) {
      if (b == ',') {
        if (digits == 0 || field == out.length) {
          return -1;
        }
        out[field++] = value;
        value = 0;
        digits = 0;
      } else if (b >= '0' && b <= '9' && digits < 18) {
        value = value * 10 + (b - '0');
        digits++;
      } else {
        return -1;
      }
    }
    if (digits == 0 || field == out.length) {
      return -1;
    }
    out[field++] = value;
    return field;
  }

  private static int writeLong(long value, byte[] buf, int pos) {
    if (value < 0) {
      throw new IllegalArgumentException("negative value " + value);
    }
    int len = 1;
    for (long v = value / 10; v > 0; v /= 10) {
      len++;
    }
    for (int i = pos + len - 1; i >= pos; i--) {
      buf[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    return pos + len;
  }
}
