package org.streambench.api;

/**
 * Record formats of the identity workload, shared by generator, engines and collector.
 *
 * <pre>
 *   input:  seq,intendedMicros[,xxxx...]                      e.g. 1234,1763790000123456
 *   output: seq,intendedMicros[,xxxx...],inMicros,outMicros
 * </pre>
 *
 * {@code seq} counts from 0 per run; {@code intendedMicros} is the generator's intended send time
 * (not the time it actually sent), so that a late generator cannot hide latency. Engines append
 * {@code inMicros} when a record enters the job and {@code outMicros} when it leaves. The optional
 * padding field of {@code x} characters brings a record to a requested size; parsers skip it.
 */
public final class IdentityRecords {
  /** Number of numeric fields in an output record. */
  public static final int OUTPUT_FIELDS = 4;

  private static final byte PADDING = 'x';

  private IdentityRecords() {}

  /** Encodes an unpadded input record into {@code buf}; returns the number of bytes written. */
  public static int encodeInput(long seq, long intendedMicros, byte[] buf) {
    return encodeInput(seq, intendedMicros, 0, buf);
  }

  /**
   * Encodes an input record of at least {@code size} bytes (padded when the numbers are shorter)
   * into {@code buf}; returns the number of bytes written.
   */
  public static int encodeInput(long seq, long intendedMicros, int size, byte[] buf) {
    int pos = writeLong(seq, buf, 0);
    buf[pos++] = ',';
    pos = writeLong(intendedMicros, buf, pos);
    if (pos + 1 < size) {
      buf[pos++] = ',';
      while (pos < size) {
        buf[pos++] = PADDING;
      }
    }
    return pos;
  }

  /**
   * Encodes an output record as an engine would emit it, padded to at least {@code size} bytes
   * before the stamps; returns the number of bytes written.
   */
  public static int encodeOutput(
      long seq, long intendedMicros, int size, long inMicros, long outMicros, byte[] buf) {
    int pos = encodeInput(seq, intendedMicros, size, buf);
    buf[pos++] = ',';
    pos = writeLong(inMicros, buf, pos);
    buf[pos++] = ',';
    return writeLong(outMicros, buf, pos);
  }

  /** Returns {@code record + "," + micros}: how an engine stamps a record on entry or exit. */
  public static String appendStamp(String record, long micros) {
    return record + ',' + micros;
  }

  /** Byte-level {@link #appendStamp(String, long)}, for engines that keep records as bytes. */
  public static byte[] appendStamp(byte[] record, long micros) {
    int digits = digits(micros);
    byte[] out = new byte[record.length + 1 + digits];
    System.arraycopy(record, 0, out, 0, record.length);
    out[record.length] = ',';
    writeLong(micros, out, record.length + 1);
    return out;
  }

  /**
   * Parses up to {@code out.length} non-negative comma-separated decimal longs without allocating,
   * skipping a padding field.
   *
   * @return the number of numbers parsed, or -1 if the record is malformed
   */
  public static int parseLongs(byte[] record, long[] out) {
    if (record == null || record.length == 0) {
      return -1;
    }
    int field = 0;
    long value = 0;
    int digits = 0;
    boolean padding = false;
    for (byte b : record) {
      if (b == ',') {
        if (padding) {
          padding = false;
          continue;
        }
        if (digits == 0 || field == out.length) {
          return -1;
        }
        out[field++] = value;
        value = 0;
        digits = 0;
      } else if (padding) {
        if (b != PADDING) {
          return -1;
        }
      } else if (b >= '0' && b <= '9' && digits < 18) {
        value = value * 10 + (b - '0');
        digits++;
      } else if (b == PADDING && digits == 0 && field > 0) {
        padding = true;
      } else {
        return -1;
      }
    }
    if (padding) {
      return field;
    }
    if (digits == 0 || field == out.length) {
      return -1;
    }
    out[field++] = value;
    return field;
  }

  private static int digits(long value) {
    int len = 1;
    for (long v = value / 10; v > 0; v /= 10) {
      len++;
    }
    return len;
  }

  private static int writeLong(long value, byte[] buf, int pos) {
    if (value < 0) {
      throw new IllegalArgumentException("negative value " + value);
    }
    int len = digits(value);
    for (int i = pos + len - 1; i >= pos; i--) {
      buf[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    return pos + len;
  }
}
