package org.streambench.engine.storm;

/** Field access in the comma-separated input records, without splitting the whole line. */
final class Csv {
  private Csv() {}

  /** Field {@code index} (from 0) of {@code line}; the last field runs to the end of the line. */
  static String field(String line, int index) {
    int start = 0;
    for (int i = 0; i < index; i++) {
      start = line.indexOf(',', start) + 1;
      if (start == 0) {
        throw new IllegalArgumentException("record has no field " + index + ": " + line);
      }
    }
    int end = line.indexOf(',', start);
    return end < 0 ? line.substring(start) : line.substring(start, end);
  }
}
