package org.streambench.engine.spark;

/** Field access on comma-separated records without splitting them. */
final class Fields {
  private Fields() {}

  /** The third field ({@code key} of {@code seq,t,key,...}). */
  static String third(String record) {
    int start = record.indexOf(',', record.indexOf(',') + 1) + 1;
    int end = record.indexOf(',', start);
    return record.substring(start, end < 0 ? record.length() : end);
  }
}
