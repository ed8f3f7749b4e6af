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

  /** The last stamp of a stamped record: the entry stamp of {@code value,in}. */
  public static long lastStamp(String stamped) {
    return Long.parseLong(stamped, stamped.lastIndexOf(',') + 1, stamped.length(), 10);
  }

  /** A stamped record without its last stamp: the value of {@code value,in}. */
  public static String withoutLastStamp(String stamped) {
    return stamped.substring(0, stamped.lastIndexOf(','));
  }

  /**
   * Parses an output record into {@code out[0..3]} = seq, intended, in, out without allocating. The
   * first two numbers are read from the front and the last two from the back, so the cost does not
   * grow with the padding between them.
   *
   * @return false if the record is not a well-formed output record
   */
  public static boolean parseOutput(byte[] record, long[] out) {
    if (record == null || out.length < OUTPUT_FIELDS) {
      return false;
    }
    int pos = 0;
    int end = record.length;
    for (int field = 0; field < 2; field++) {
      long value = 0;
      int start = pos;
      while (pos < end && isDigit(record[pos]) && pos - start < 18) {
        value = value * 10 + (record[pos++] - '0');
      }
      if (pos == start || pos == end || record[pos++] != ',') {
        return false;
      }
      out[field] = value;
    }
    for (int field = 3; field >= 2; field--) {
      long value = 0;
      long scale = 1;
      int stop = end;
      while (end > pos && isDigit(record[end - 1]) && stop - end < 18) {
        value += (record[--end] - '0') * scale;
        scale *= 10;
      }
      if (end == stop) {
        return false;
      }
      out[field] = value;
      if (field == 3) {
        if (end <= pos || record[--end] != ',') {
          return false;
        }
      }
    }
    // between the front numbers and the stamps: nothing, or a padding field ",x...x" reversed
    if (end == pos) {
      return true;
    }
    return end - pos >= 2
        && record[end - 1] == ','
        && record[pos] == PADDING
        && record[end - 2] == PADDING;
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
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
