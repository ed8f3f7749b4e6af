package org.streambench.harness.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.IntervalLog;
import org.streambench.harness.report.model.LatencyDistribution;
import org.streambench.harness.report.model.SteadyWindow;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DrainSteadyPart;

/**
 * A figure's per-second values over a run's steady state: how much it wobbles from second to
 * second, the noise estimate of a single run. A drain's throughput comes from its steady part
 * (DrainSteadyPart), so its seconds are those of that part; it has no other per-second figure.
 */
final class PerSecond {
  private PerSecond() {}

  /** The values, empty where the run has no per-second series of the figure. */
  static List<Double> values(Figure f, RunResult r) {
    if (r.mode() == Mode.DRAIN) {
      return drained(f, r);
    }
    SteadyWindow steady = SteadyWindow.of(r);
    return switch (f) {
      case THROUGHPUT_IN -> sent(r, steady);
      case THROUGHPUT_OUT -> series(r, steady, IntervalPoint::out, false, 1);
      case E2E_P50 -> series(r, steady, IntervalPoint::e2eP50Micros, true, 1000);
      case E2E_P99 -> series(r, steady, IntervalPoint::e2eP99Micros, true, 1000);
      case ENGINE_P99 -> series(r, steady, IntervalPoint::engineP99Micros, true, 1);
      case E2E_P999 -> loggedP999(r);
      // CPU samples start at the engine's launch, not at the origin of the steady window, and
      // the machine's CPU, memory, state, disk and checkpoint figures and YSB's window latency (a
      // few windows a second) are one number per run, as are a fault's recovery and output gap,
      // the engine's start and its p50 (the collector keeps its p99 per second): none has a
      // per-second series of the steady state.
      case ENGINE_P50,
          IN_PER_ENGINE_CORE,
          IN_PER_GIVEN_CORE,
          ENGINE_CORES,
          BROKER_CORES,
          ENGINE_CORE_SECONDS,
          BROKER_CORE_SECONDS,
          DRIVER_CORES,
          MACHINE_BUSY,
          MACHINE_STEAL,
          MACHINE_CANARY,
          MACHINE_CANARY_WALK,
          MACHINE_CANARY_ARITHMETIC,
          ENGINE_PEAK_RSS,
          ENGINE_HEAP_AFTER_GC,
          STATE_ON_DISK,
          ENGINE_DISK_READ,
          ENGINE_DISK_WRITTEN,
          CHECKPOINT_MEDIAN,
          CHECKPOINT_SIZE,
          HDFS_WRITTEN,
          YSB_WINDOW_P50,
          YSB_WINDOW_P99,
          FAULT_RECOVERY,
          FAULT_OUTPUT_GAP,
          ENGINE_START ->
          List.of();
    };
  }

  /**
   * The steady state's values of a per-second series, each divided by {@code per} (1000: µs as ms);
   * a latency's seconds without output have none.
   */
  private static List<Double> series(
      RunResult r,
      SteadyWindow steady,
      ToLongFunction<IntervalPoint> value,
      boolean latency,
      double per) {
    List<Double> out = new ArrayList<>();
    if (r.timeseries() == null) {
      return out;
    }
    for (IntervalPoint p : r.timeseries()) {
      if (steady.contains(p.second()) && (!latency || p.out() > 0)) {
        double v = value.applyAsLong(p);
        out.add(v / per);
      }
    }
    return out;
  }

  /**
   * A drain's output per second in its steady part; for input, scaled by the input's share of the
   * output, as the drain's input figure is.
   */
  private static List<Double> drained(Figure f, RunResult r) {
    List<Double> out = new ArrayList<>();
    boolean in = f == Figure.THROUGHPUT_IN;
    if (!in && f != Figure.THROUGHPUT_OUT || r.timeseries() == null || r.throughput() == null) {
      return out;
    }
    Optional<DrainSteadyPart> part = DrainSteadyPart.of(r.timeseries());
    double outRate = r.throughput().outPerSecond();
    if (part.isEmpty() || outRate <= 0) {
      return out;
    }
    double scale = in ? r.throughput().inPerSecond() / outRate : 1;
    for (IntervalPoint p : r.timeseries()) {
      if (p.second() >= part.get().fromSecond() && p.second() < part.get().toSecond()) {
        out.add(p.out() * scale);
      }
    }
    return out;
  }

  private static List<Double> sent(RunResult r, SteadyWindow steady) {
    List<Double> out = new ArrayList<>();
    if (r.generator() == null || r.generator().sentPerSecond() == null) {
      return out;
    }
    long[] sent = r.generator().sentPerSecond();
    for (int s = 0; s < sent.length; s++) {
      if (steady.contains(s)) {
        out.add((double) sent[s]);
      }
    }
    return out;
  }

  private static List<Double> loggedP999(RunResult r) {
    List<Double> out = new ArrayList<>();
    for (IntervalLog.Interval i : IntervalLog.steadyState(r)) {
      if (i.tag().equals(LatencyDistribution.E2E) && i.histogram().getTotalCount() > 0) {
        out.add(i.histogram().getValueAtPercentile(99.9) / 1000.0);
      }
    }
    return out;
  }
}
