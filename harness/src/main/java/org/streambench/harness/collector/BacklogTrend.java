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

  /**
   * Silent seconds at the window's end that are still a tooth, not a stall, whatever the gaps
   * before them: an output every second drifting against the harness's seconds leaves one silent
   * second now and then.
   */
  private static final long LONGEST_TOOTH_ALONE = 2;

  private BacklogTrend() {}

  /**
   * Least-squares slope (records per second, per second) of the backlog over the seconds in {@code
   * [from, to)}; empty if fewer than three such seconds report a backlog.
   *
   * <p>Where the collector recorded which seconds the output moved on in, only those count: their
   * backlog was taken as the output moved on. A silent second's backlog adds the time since the
   * last output, so an engine that emits every few seconds (Spark's trigger interval) draws a
   * saw-tooth whose fitted slope depends on where the window's ends fall among its teeth, by more
   * than the rule's {@link #MAX_GROWTH}. A silence at the window's end longer than every gap
   * between outputs before it is a stall, not a tooth: its seconds count too. Where fewer than
   * three seconds moved on (outputs a third of the window or more apart), every second counts.
   */
  public static OptionalDouble slope(List<IntervalPoint> points, long from, long to) {
    if (points == null) {
      return OptionalDouble.empty();
    }
    List<IntervalPoint> window =
        points.stream()
            .filter(p -> p.second() >= from && p.second() < to && p.backlog() >= 0)
            .toList();
    List<IntervalPoint> counted =
        window.stream().anyMatch(p -> p.advanced() != null) ? movedOnOrStalled(window) : window;
    if (counted.size() < MIN_SECONDS) {
      counted = window;
    }
    List<long[]> xy = new ArrayList<>();
    for (IntervalPoint p : counted) {
      xy.add(new long[] {p.second(), p.backlog()});
    }
    return leastSquares(xy);
  }

  /**
   * The seconds the output moved on in (the window's points are in order of second), and the silent
   * ones after the last of them if that silence is a stall: longer than every gap between outputs
   * before it and than {@link #LONGEST_TOOTH_ALONE}. Two outputs at the least measure a gap; where
   * there are fewer, no silence is called a stall.
   */
  private static List<IntervalPoint> movedOnOrStalled(List<IntervalPoint> window) {
    List<IntervalPoint> counted = new ArrayList<>();
    long longestGap = LONGEST_TOOTH_ALONE;
    IntervalPoint last = null;
    for (IntervalPoint p : window) {
      if (Boolean.TRUE.equals(p.advanced())) {
        if (last != null) {
          longestGap = Math.max(longestGap, p.second() - last.second());
        }
        counted.add(p);
        last = p;
      }
    }
    if (counted.size() < 2) {
      return counted;
    }
    long lastSecond = window.get(window.size() - 1).second();
    if (lastSecond - last.second() > longestGap) {
      for (IntervalPoint p : window) {
        if (p.second() > last.second()) {
          counted.add(p);
        }
      }
    }
    return counted;
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
