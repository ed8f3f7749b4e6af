package org.streambench.api.workload;

/**
 * What an event-time window of ysb and uricount keeps: its count and the newest event time and
 * entry stamp among its records (the record that last updated the window is what latency is
 * measured on), and the window's output line {@code key,windowStart,count,maxEventUs,maxInUs}. A
 * bean, so that Flink keeps it as a POJO; {@link #toString} and {@link #parse} are its text form,
 * {@code count,maxEventUs,maxInUs}.
 */
public class WindowStats {
  private long count;
  private long maxEventMicros = Long.MIN_VALUE;
  private long maxInMicros = Long.MIN_VALUE;

  /** Counts a record of event time {@code eventMicros} that entered the job at {@code inMicros}. */
  public WindowStats add(long eventMicros, long inMicros) {
    count++;
    maxEventMicros = Math.max(maxEventMicros, eventMicros);
    maxInMicros = Math.max(maxInMicros, inMicros);
    return this;
  }

  /** Adds {@code other}'s records to these. */
  public WindowStats merge(WindowStats other) {
    count += other.count;
    maxEventMicros = Math.max(maxEventMicros, other.maxEventMicros);
    maxInMicros = Math.max(maxInMicros, other.maxInMicros);
    return this;
  }

  /** The window's output line, {@code key,windowStart,count,maxEventUs,maxInUs}. */
  public String line(String key, long windowStart) {
    return line(key, windowStart, count, maxEventMicros, maxInMicros);
  }

  /**
   * The output line of a windowed count (ysb: window start in ms; uricount: in µs), for engines
   * that aggregate windows themselves.
   */
  public static String line(
      String key, long windowStart, long count, long maxEventMicros, long maxInMicros) {
    return key + "," + windowStart + "," + count + "," + maxEventMicros + "," + maxInMicros;
  }

  /** {@code count,maxEventUs,maxInUs}. */
  @Override
  public String toString() {
    return count + "," + maxEventMicros + "," + maxInMicros;
  }

  /** The stats of a {@link #toString} form. */
  public static WindowStats parse(String text) {
    int a = text.indexOf(',');
    int b = text.indexOf(',', a + 1);
    WindowStats stats = new WindowStats();
    stats.count = Long.parseLong(text, 0, a, 10);
    stats.maxEventMicros = Long.parseLong(text, a + 1, b, 10);
    stats.maxInMicros = Long.parseLong(text, b + 1, text.length(), 10);
    return stats;
  }

  public long getCount() {
    return count;
  }

  public void setCount(long count) {
    this.count = count;
  }

  public long getMaxEventMicros() {
    return maxEventMicros;
  }

  public void setMaxEventMicros(long maxEventMicros) {
    this.maxEventMicros = maxEventMicros;
  }

  public long getMaxInMicros() {
    return maxInMicros;
  }

  public void setMaxInMicros(long maxInMicros) {
    this.maxInMicros = maxInMicros;
  }
}
