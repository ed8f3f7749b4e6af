package org.streambench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.results.LatencySummary;

class YsbWindowLatencyTest {
  private static final long WINDOW_MS = 10_000;

  /** Steady from 30 s to 90 s (epoch ms 30,000 to 90,000). */
  private final YsbWindowLatency latency =
      new YsbWindowLatency(WINDOW_MS, new SteadyWindow(30_000_000, 90_000_000));

  @Test
  void takesOnlyWindowsThatEndInTheSteadyState() {
    latency.observe(0, 40_000); // ends at 10 s, in the warm-up: worked off 30 s late
    latency.observe(10_000, 45_000); // ends at 20 s, in the warm-up
    latency.observe(20_000, 30_500); // its last millisecond, 29,999, is still warm-up
    latency.observe(30_000, 40_700); // ends at 40 s, 700 ms late
    latency.observe(40_000, 50_300);
    latency.observe(80_000, 90_900); // its last millisecond, 89,999, is steady
    latency.observe(90_000, 100_000); // after the steady state: the drain
    Map<String, Object> results = latency.results();
    LatencySummary summary = (LatencySummary) results.get("ysbWindowLatencyMicros");
    assertEquals(3, summary.count());
    assertEquals(700_000, summary.p50(), 1_000);
    assertEquals(900_000, summary.max(), 1_000);
    assertEquals(4L, results.get("ysbWindowsOutsideSteadyState"));
    assertEquals(0L, results.get("ysbWindowsUpdatedBeforeTheirEnd"));
  }

  @Test
  void countsAWindowLastUpdatedBeforeItsEndWithoutRecordingIt() {
    latency.observe(50_000, 58_000); // its input stopped 2 s before the window's end
    latency.observe(60_000, 70_000); // updated exactly at its end: 0 ms
    Map<String, Object> results = latency.results();
    assertEquals(1L, results.get("ysbWindowsUpdatedBeforeTheirEnd"));
    assertEquals(1, ((LatencySummary) results.get("ysbWindowLatencyMicros")).count());
  }
}
