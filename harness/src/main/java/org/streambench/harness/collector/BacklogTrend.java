package org.streambench.harness.collector;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.streambench.harness.results.IntervalPoint;

/**
 * Whether a fixed-rate run's backlog grew over its steady state: the least-squares slope of the
 * per-second backlog, against {@link #MAX_GROWTH} of the offered rate. The search's sustainability
 * rule, the run's own warning and the report's "not keeping up" all judge by it.
 */
public final class BacklogTrend {
  /** Backlog may grow by at most this fraction of the offered rate per second. */
  public static final double MAX_GROWTH = 0.02;

  private static final int MIN_SECONDS = 3;

  private BacklogTrend() {}

  /**
   * Least-squares slope (records per second, per second) of the backlog over the seconds in {@code
   * [from, to)}; empty if fewer than three such seconds report a backlog.
   */
  public static OptionalDouble slope(List<IntervalPoint> points, long from, long to) {
    if (points == null) {
      return OptionalDouble.empty();
    }
    List<long[]> xy = new ArrayList<>();
    for (IntervalPoint p : points) {
      if (p.second() >= from && p.second() < to && p.backlog() >= 0) {
        xy.add(new long[] {p.second(), p.backlog()});
      }
    }
    return leastSquares(xy);
  }

  /** Whether a backlog with this slope grows faster than {@link #MAX_GROWTH} of {@code rate}. */
  public static boolean grows(double slope, long rate) {
    return slope > MAX_GROWTH * rate;
  }

  /** Least-squares slope of {x, y} pairs; empty with fewer than three. */
  public static OptionalDouble leastSquares(List<long[]> xy) {
    if (xy.size() < MIN_SECONDS) {
      return OptionalDouble.empty();
    }
    double n = xy.size();
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    for (long[] p : xy) {
      sx += p[0];
      sy += p[1];
      sxx += (double) p[0] * p[0];
      sxy += (double) p[0] * p[1];
    }
    return OptionalDouble.of((n * sxy - sx * sy) / (n * sxx - sx * sx));
  }
}
