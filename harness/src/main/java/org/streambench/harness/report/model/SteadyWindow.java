package org.streambench.harness.report.model;

import java.util.Map;
import org.streambench.harness.Durations;
import org.streambench.harness.results.RunResult;

/**
 * The steady state of a run in seconds since its origin (the start of generation): after the
 * warm-up, for the run's duration. Drain and in-job runs have no warm-up: their whole run counts.
 *
 * @param fromSecond first second of the steady state
 * @param toSecond end of the steady state (exclusive)
 */
public record SteadyWindow(double fromSecond, double toSecond) {
  public static SteadyWindow of(RunResult r) {
    if (r.steady() != null) {
      return new SteadyWindow(r.steady().fromSecond(), r.steady().toSecond());
    }
    // format 1 kept no steady state: a fixed-rate run's is in its configuration
    Map<String, String> config = r.config() == null ? Map.of() : r.config();
    String warmup = config.get("run.warmup");
    String duration = config.get("run.duration");
    if (warmup == null || duration == null) {
      return new SteadyWindow(0, Double.POSITIVE_INFINITY);
    }
    double from = Durations.parse(warmup).toMillis() / 1000.0;
    return new SteadyWindow(from, from + Durations.parse(duration).toMillis() / 1000.0);
  }

  public boolean contains(double second) {
    return second >= fromSecond && second < toSecond;
  }

  public boolean hasWarmup() {
    return fromSecond > 0;
  }
}
