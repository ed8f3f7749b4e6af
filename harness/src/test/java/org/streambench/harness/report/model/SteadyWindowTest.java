package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.RunResult;

class SteadyWindowTest {
  /** A result of format 2 says its steady state; the report takes it as stored. */
  @Test
  void aStoredSteadyStateIsTakenAsItIs() {
    RunResult r = ReportFixtures.run("a", "flink", 1000, 5.0);
    assertEquals(
        new SteadyWindow(ReportFixtures.WARMUP, ReportFixtures.WARMUP + ReportFixtures.DURATION),
        SteadyWindow.of(r));
  }

  /** Format 1 stored none: a fixed-rate run's comes from its warm-up and duration settings. */
  @Test
  void aFormatOneRunsSteadyStateComesFromItsSettings() throws Exception {
    RunResult r =
        ResultJson.fromJson(
            """
            {"formatVersion":1,"status":"completed","mode":"fixed-rate",
             "config":{"run.warmup":"20s","run.duration":"1m"}}
            """);
    assertEquals(new SteadyWindow(20, 80), SteadyWindow.of(r));
  }

  /** A drain or in-job run has none: its whole run counts. */
  @Test
  void aRunWithoutOneCountsWhole() throws Exception {
    RunResult r = ResultJson.fromJson("{\"status\":\"completed\",\"mode\":\"drain\"}");
    assertEquals(new SteadyWindow(0, Double.POSITIVE_INFINITY), SteadyWindow.of(r));
  }
}
