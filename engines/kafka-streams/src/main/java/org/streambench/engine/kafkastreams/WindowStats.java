package org.streambench.engine.kafkastreams;

/**
 * The aggregate of an event-time window of ysb and uricount, as the string {@code
 * count,maxEventUs,maxInUs} (the record that last updated the window is what latency is measured
 * on). Values added to it are {@code eventUs,inUs}.
 */
final class WindowStats {
  static final String EMPTY = "0," + Long.MIN_VALUE + "," + Long.MIN_VALUE;

  private WindowStats() {}

  static String add(String timed, String stats) {
    int t = timed.indexOf(',');
    long eventUs = Long.parseLong(timed, 0, t, 10);
    long inUs = Long.parseLong(timed, t + 1, timed.length(), 10);
    int a = stats.indexOf(',');
    int b = stats.indexOf(',', a + 1);
    long count = Long.parseLong(stats, 0, a, 10) + 1;
    long maxEvent = Math.max(Long.parseLong(stats, a + 1, b, 10), eventUs);
    long maxIn = Math.max(Long.parseLong(stats, b + 1, stats.length(), 10), inUs);
    return count + "," + maxEvent + "," + maxIn;
  }

  static long count(String stats) {
    return Long.parseLong(stats, 0, stats.indexOf(','), 10);
  }
}
