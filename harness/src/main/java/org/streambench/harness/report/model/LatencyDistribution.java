package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.RunResult;

/**
 * A run's latency by percentile, for one kind of latency ({@code e2e} or {@code engine}): from the
 * run's HdrHistogram interval log over the steady state where the run directory still has it, else
 * the percentiles stored with the result.
 *
 * @param latency {@code e2e} or {@code engine}
 * @param fromLog whether the points come from {@code latency.hlog} (else: stored percentiles)
 * @param points percentile (0..100, below 100) and latency in microseconds, ascending
 */
public record LatencyDistribution(String latency, boolean fromLog, List<Point> points) {
  public static final String E2E = "e2e";
  public static final String ENGINE = "engine";
  private static final int TICKS_PER_HALF_DISTANCE = 5;

  public record Point(double percentile, double micros) {}

  /** The run's distributions, e2e first; a latency the run does not report is left out. */
  public static List<LatencyDistribution> of(RunResult r) {
    Map<String, Histogram> logged = readLog(r);
    List<LatencyDistribution> out = new ArrayList<>();
    addOne(out, E2E, logged.get(E2E), r.endToEndLatencyMicros());
    addOne(out, ENGINE, logged.get(ENGINE), r.engineLatencyMicros());
    return out;
  }

  private static void addOne(
      List<LatencyDistribution> out, String latency, Histogram logged, LatencySummary stored) {
    if (stored == null) {
      return; // not reported for this run, e.g. e2e in drain mode: its input predates the engine
    }
    if (logged != null && logged.getTotalCount() > 0) {
      out.add(new LatencyDistribution(latency, true, points(logged)));
    } else if (stored.count() > 0) {
      out.add(new LatencyDistribution(latency, false, points(stored)));
    }
  }

  private static List<Point> points(Histogram h) {
    List<Point> points = new ArrayList<>();
    for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double p = v.getPercentileLevelIteratedTo();
      if (p >= 100) {
        break; // 1/(1-p) is infinite: the maximum is in the tables
      }
      points.add(new Point(p, v.getValueIteratedTo()));
    }
    return points;
  }

  private static List<Point> points(LatencySummary s) {
    return List.of(
        new Point(50, s.p50()),
        new Point(90, s.p90()),
        new Point(95, s.p95()),
        new Point(99, s.p99()),
        new Point(99.9, s.p999()));
  }

  /** The interval log's histograms per tag, summed over the steady state; empty if none. */
  private static Map<String, Histogram> readLog(RunResult r) {
    Map<String, Histogram> sums = new LinkedHashMap<>();
    for (IntervalLog.Interval i : IntervalLog.steadyState(r)) {
      sums.computeIfAbsent(i.tag(), t -> new Histogram(3)).add(i.histogram());
    }
    return sums;
  }
}
