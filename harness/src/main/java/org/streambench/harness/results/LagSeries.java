package org.streambench.harness.results;

import java.util.List;

/**
 * One consumer group's lag on the input topics, one point per second of the run's per-second series
 * ({@code ConsumerLag} reads it from the broker).
 *
 * @param group the consumer group
 * @param points its lag per second
 */
public record LagSeries(String group, List<Point> points) {
  /**
   * @param second seconds since the origin of the run's per-second series
   * @param lag records written to the input topics and not yet committed by the group
   */
  public record Point(long second, long lag) {}
}
