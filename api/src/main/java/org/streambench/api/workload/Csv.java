package org.streambench.api.workload;

/**
 * Field access on the comma-separated records of the workloads ({@code seq,t,key,...}), without
 * splitting the whole line: what every engine's job uses to read a field of its input.
 */
public final class Csv {
  private Csv() {}

  /** Where field {@code index} (from 0) of {@code line} starts. */
  public static int start(String line, int index) {
    int start = 0;
    for (int i = 0; i < index; i++) {
      start = line.indexOf(',', start) + 1;
      if (start == 0) {
        throw new IllegalArgumentException("record has no field " + index + ": " + line);
      }
    }
    return start;
  }

  /** Where the field that starts at {@code start} ends: its comma, or the end of the line. */
  public static int end(String line, int start) {
    int end = line.indexOf(',', start);
    return end < 0 ? line.length() : end;
  }

  /** Field {@code index} (from 0) of {@code line}; the last field runs to the end of the line. */
  public static String field(String line, int index) {
    int start = start(line, index);
    return line.substring(start, end(line, start));
  }

  /** Field {@code index} as a number, parsed in place. */
  public static long longField(String line, int index) {
    int start = start(line, index);
    return Long.parseLong(line, start, end(line, start), 10);
  }

  /** Field {@code index} as an int, parsed in place. */
  public static int intField(String line, int index) {
    int start = start(line, index);
    return Integer.parseInt(line, start, end(line, start), 10);
  }
}
