package org.streambench.harness.results;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one latency histogram, in microseconds.
 *
 * @param count values recorded
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param max largest value
 * @param mean arithmetic mean
 */
public record LatencySummary(
    long count, long p50, long p90, long p95, long p99, long p999, long max, double mean) {

  public static LatencySummary of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencySummary(
        h.getTotalCount(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(90),
        h.getValueAtPercentile(95),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getMaxValue(),
        h.getMean());
  }
}
