package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.results.RunResult;

/** Latency distributions come from the steady state of latency.hlog, else the stored figures. */
class ReportLatencyDistributionTest {
  private static final long ORIGIN_MS = 1_767_225_600_000L;

  /** Writes a log as the collector does: warm-up and after-steady seconds slow, steady fast. */
  private static void writeLog(Path file) throws Exception {
    try (PrintStream out = new PrintStream(file.toFile())) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputLogFormatVersion();
      log.outputStartTime(ORIGIN_MS);
      log.setBaseTime(ORIGIN_MS);
      log.outputLegend();
      for (int s = 0; s < 12; s++) {
        boolean steady =
            s >= ReportFixtures.WARMUP && s < ReportFixtures.WARMUP + ReportFixtures.DURATION;
        for (String tag : List.of("e2e", "engine")) {
          Histogram h = new Histogram(3);
          for (int i = 1; i <= 1000; i++) {
            h.recordValue(steady ? i : 1_000_000);
          }
          h.setStartTimeStamp(ORIGIN_MS + s * 1000L);
          h.setEndTimeStamp(ORIGIN_MS + (s + 1) * 1000L);
          h.setTag(tag);
          log.outputIntervalHistogram(h);
        }
      }
    }
  }

  @Test
  void readsTheSteadyStateOfTheIntervalLog(@TempDir Path dir) throws Exception {
    writeLog(dir.resolve("latency.hlog"));
    RunResult r =
        ReportFixtures.run(
            "x", "flink", 1000, "valid", 5, 0.01, List.of(), Map.of(), dir.toString());
    List<LatencyDistribution> ds = LatencyDistribution.of(r);
    assertEquals(List.of("e2e", "engine"), ds.stream().map(LatencyDistribution::latency).toList());
    LatencyDistribution e2e = ds.get(0);
    assertTrue(e2e.fromLog());
    double highest = e2e.points().get(e2e.points().size() - 1).micros();
    assertTrue(highest <= 1001, "warm-up and after-steady seconds are left out, got " + highest);
    assertTrue(e2e.points().size() > 20, "the whole curve, not five points");
    assertEquals(500, median(e2e), 1);
  }

  @Test
  void fallsBackToTheStoredPercentiles() {
    RunResult r = ReportFixtures.run("x", "flink", 1000, 8);
    LatencyDistribution e2e = LatencyDistribution.of(r).get(0);
    assertFalse(e2e.fromLog());
    assertEquals(
        List.of(50.0, 90.0, 95.0, 99.0, 99.9),
        e2e.points().stream().map(LatencyDistribution.Point::percentile).toList());
    assertEquals(8000, e2e.points().get(3).micros());
  }

  private static double median(LatencyDistribution d) {
    return d.points().stream().filter(p -> p.percentile() >= 50).findFirst().orElseThrow().micros();
  }
}
