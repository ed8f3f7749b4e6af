package org.streambench.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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

  /** Eight bytes of a byte array as one long, the first byte lowest. */
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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
   * grow with the padding between them; each number is read eight digits at a time ({@link
   * #number}): digit by digit, parsing was a quarter of the collector thread's time in a profile.
   *
   * @return false if the record is not a well-formed output record
   */
  public static boolean parseOutput(byte[] record, long[] out) {
    if (record == null || out.length < OUTPUT_FIELDS) {
      return false;
    }
    int end = record.length;
    int seqEnd = indexOfComma(record, 0, end);
    int intendedEnd = indexOfComma(record, seqEnd + 1, end);
    int outStart = lastIndexOfComma(record, intendedEnd, end) + 1;
    int inStart = lastIndexOfComma(record, intendedEnd, outStart - 1) + 1;
    if (seqEnd < 0 || intendedEnd < 0 || outStart <= intendedEnd + 1) {
      return false;
    }
    out[0] = number(record, 0, seqEnd);
    out[1] = number(record, seqEnd + 1, intendedEnd);
    out[2] = number(record, inStart, outStart - 1);
    out[3] = number(record, outStart, end);
    if ((out[0] | out[1] | out[2] | out[3]) < 0) {
      return false;
    }
    // between the front numbers and the stamps: nothing, or a padding field "x...x,"
    if (inStart == intendedEnd + 1) {
      return true;
    }
    return inStart - intendedEnd >= 3
        && record[intendedEnd + 1] == PADDING
        && record[inStart - 2] == PADDING;
  }

  /** The first ',' in {@code b[from, to)}, or -1. */
  private static int indexOfComma(byte[] b, int from, int to) {
    for (int i = Math.max(0, from); i < to; i++) {
      if (b[i] == ',') {
        return i;
      }
    }
    return -1;
  }

  /** The last ',' in {@code b(after, to)}, or {@code after} if there is none. */
  private static int lastIndexOfComma(byte[] b, int after, int to) {
    for (int i = to - 1; i > after; i--) {
      if (b[i] == ',') {
        return i;
      }
    }
    return after;
  }

  /**
   * The decimal number in {@code b[from, to)}: 1 to 18 digits and nothing else, else -1. Eight
   * digits at a time where eight remain (SWAR, as simdjson and fast_float parse them), then one at
   * a time.
   */
  static long number(byte[] b, int from, int to) {
    int n = to - from;
    if (n < 1 || n > 18) {
      return -1;
    }
    long value = 0;
    int i = from;
    for (; to - i >= 8; i += 8) {
      long chunk = (long) LONG_LE.get(b, i);
      if (!eightDigits(chunk)) {
        return -1;
      }
      value = value * 100_000_000L + parseEight(chunk);
    }
    for (; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + d;
    }
    return value;
  }

  /** Whether all eight bytes of {@code chunk} are ASCII digits. */
  private static boolean eightDigits(long chunk) {
    long high = chunk & 0xF0F0F0F0F0F0F0F0L;
    long highPlus6 = ((chunk + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4;
    return (high | highPlus6) == 0x3333333333333333L;
  }

  /** Eight ASCII digits, the first in the lowest byte, as their value. */
  private static long parseEight(long chunk) {
    long v = chunk - 0x3030303030303030L;
    v = v * 10 + (v >>> 8); // pairs of digits
    long pairs = v & 0x000000FF000000FFL;
    long nextPairs = (v >>> 16) & 0x000000FF000000FFL;
    return (pairs * (100 + (1_000_000L << 32)) + nextPairs * (1 + (10_000L << 32))) >>> 32;
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
