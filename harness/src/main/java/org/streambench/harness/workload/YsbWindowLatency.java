package org.streambench.harness.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.results.LatencySummary;

/**
 * YSB's window latency, {@code time_updated − window_start − window.ms} of each window's final
 * update in Redis, over the windows that end in the run's steady state (the window's last
 * millisecond due in it, as the e2e latency takes an output whose newest input was due in it): a
 * window of the warm-up, when an engine may still work off its start-up backlog, is left out as its
 * e2e latencies are.
 */
final class YsbWindowLatency {
  private final long windowMs;
  private final SteadyWindow steady;
  private final Histogram latency = new Histogram(3);
  private long beforeTheirEnd;
  private long outsideSteadyState;

  YsbWindowLatency(long windowMs, SteadyWindow steady) {
    this.windowMs = windowMs;
    this.steady = steady;
  }

  void observe(long windowStartMs, long timeUpdatedMs) {
    if (!steady.contains((windowStartMs + windowMs - 1) * 1000)) {
      outsideSteadyState++;
      return;
    }
    long ms = timeUpdatedMs - windowStartMs - windowMs;
    if (ms < 0) {
      beforeTheirEnd++;
    } else {
      latency.recordValue(ms * 1000);
    }
  }

  /** The run's {@code workloadResults} entries. */
  Map<String, Object> results() {
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("ysbWindowLatencyMicros", LatencySummary.of(latency));
    results.put("ysbWindowsUpdatedBeforeTheirEnd", beforeTheirEnd);
    results.put("ysbWindowsOutsideSteadyState", outsideSteadyState);
    return results;
  }
}
