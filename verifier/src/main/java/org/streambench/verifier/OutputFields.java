package org.streambench.verifier;

import java.nio.charset.StandardCharsets;

/**
 * Splits a comma-separated output record without copying, for the collector's hot path.
 *
 * <pre>
 * OutputFields f = new OutputFields(7);
 * if (f.split(value)) { long seq = f.number(0); String key = f.text(2); }
 * </pre>
 */
public final class OutputFields {
  private final int[] start;
  private final int[] end;
  private byte[] record;

  public OutputFields(int fields) {
    start = new int[fields];
    end = new int[fields];
  }

  /** True if {@code value} has exactly the expected number of fields. */
  public boolean split(byte[] value) {
    if (value == null) {
      return false;
    }
    record = value;
    int field = 0;
    start[0] = 0;
    for (int i = 0; i < value.length; i++) {
      if (value[i] == ',') {
        if (field + 1 >= start.length) {
          return false;
        }
        end[field++] = i;
        start[field] = i + 1;
      }
    }
    end[field] = value.length;
    return field == start.length - 1;
  }

  /** Field {@code i} as a non-negative decimal number, or -1 if it is not one. */
  public long number(int i) {
    int from = start[i];
    int to = end[i];
    if (from == to || to - from > 18) {
      return -1;
    }
    long v = 0;
    for (int p = from; p < to; p++) {
      int d = record[p] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  /**
   * Fills a latency triple from fields {@code event} (intended time of the newest input), {@code
   * in} and {@code out}; returns true, for {@code observe} to return.
   */
  public boolean stamps(long[] stamps, int event, int in, int out) {
    stamps[0] = number(event);
    stamps[1] = number(in);
    stamps[2] = number(out);
    return true;
  }

  public String text(int i) {
    return new String(record, start[i], end[i] - start[i], StandardCharsets.UTF_8);
  }

  /** Whether field {@code i} equals the ASCII {@code expected}. */
  public boolean is(int i, byte[] expected) {
    if (end[i] - start[i] != expected.length) {
      return false;
    }
    for (int k = 0; k < expected.length; k++) {
      if (record[start[i] + k] != expected[k]) {
        return false;
      }
    }
    return true;
  }
}
