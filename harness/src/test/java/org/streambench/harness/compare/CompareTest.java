package org.streambench.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streambench.harness.report.model.ReportFixtures.point;
import static org.streambench.harness.report.model.ReportFixtures.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** Which changes {@code compare} flags as larger than their noise. */
class CompareTest {
  /** A suite of one point (flink at 1000/s) whose repetitions had these p99s. */
  private static RunSet suite(String id, double... p99s) {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (int i = 0; i < p99s.length; i++) {
      String runId = id + "-" + i;
      runs.put(runId, run(runId, "flink", 1000, p99s[i]));
      points.add(point("flink", 1000, i + 1, runId));
    }
    SuiteRecord s = new SuiteRecord(id, id, null, "2026-01-01T00:00:00Z", null, "completed", "{}");
    return RunSet.ofSuite(new StoredSuite(s, points, runs));
  }

  private static Comparison.Row row(Comparison c, Figure f) {
    return c.points().get(0).rows().stream()
        .filter(r -> r.label().startsWith(f.label() + " ("))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void repetitionsWhoseRangesOverlapAreWithinNoise() {
    Comparison c = Comparison.of(suite("a", 5, 6, 8), suite("b", 7, 9, 10));
    Comparison.Row p99 = row(c, Figure.E2E_P99);
    assertFalse(p99.flagged());
    // medians 6 and 9, intervals (min–max of 3) 5–8 and 7–10: half-widths 1.5 + 1.5 = 50 % of A
    assertEquals("not resolved (smallest resolvable 50%)", p99.judgement());
    assertEquals("+50.0%", p99.change());
    // the regression rule: A's spread (8 − 5) / 6 = 50 %, so the bar is 100 %
    assertEquals("ok ≤ 100% (2× A's spread)", p99.rule().text());
  }

  @Test
  void repetitionsWhoseRangesAreApartAreFlagged() {
    Comparison c = Comparison.of(suite("a", 5, 6, 7), suite("b", 7.5, 9, 10));
    Comparison.Row p99 = row(c, Figure.E2E_P99);
    assertTrue(p99.flagged());
    assertEquals("3 runs, min–max, 75%", p99.a().basis());
    assertEquals("resolved", p99.judgement());
    // +50 % against a bar of twice A's 1/3 spread (67 %): not a regression by the rule
    assertEquals(RegressionRule.Call.WITHIN, p99.rule().call());
    assertEquals(5, p99.a().low());
    assertEquals(7, p99.a().high());
  }

  @Test
  void singleRunsUseTheirPerSecondVariation() {
    // per-second p99 swings ±1 % around 10 ms: its standard deviation is about 0.1 ms
    RunSet steady = RunSet.ofRun(run("a", "flink", 1000, "valid", 10, 0.01, List.of()));
    RunSet slower = RunSet.ofRun(run("b", "flink", 1000, "valid", 12, 0.01, List.of()));
    Comparison.Row p99 = row(Comparison.of(steady, slower), Figure.E2E_P99);
    assertTrue(p99.flagged());
    assertEquals("single run, within-run ±SD per second", p99.a().basis());
    assertEquals("beyond within-run noise only: repeat to resolve", p99.judgement());
    assertEquals(RegressionRule.Call.REGRESSION, p99.rule().call());

    // the same change inside a run whose per-second p99 swings ±60 % is noise
    RunSet noisyA = RunSet.ofRun(run("a", "flink", 1000, "valid", 10, 0.6, List.of()));
    RunSet noisyB = RunSet.ofRun(run("b", "flink", 1000, "valid", 12, 0.6, List.of()));
    assertFalse(row(Comparison.of(noisyA, noisyB), Figure.E2E_P99).flagged());
  }

  @Test
  void aSingleRunWithoutPerSecondSeriesIsNotFlagged() {
    RunSet a = RunSet.ofRun(run("a", "flink", 1000, 10));
    RunSet b = RunSet.ofRun(run("b", "flink", 1000, 20));
    Comparison.Row cores = row(Comparison.of(a, b), Figure.ENGINE_CORES);
    assertFalse(cores.a().known());
    assertEquals("not resolved: single run, no noise estimate", cores.judgement());
  }

  @Test
  void aDrainsNoiseIsThatOfItsSteadyPart() throws IOException {
    // ramp-up (seconds 0-2), steady at 1,000 outputs/s (3-7), tail (8); two inputs per output
    long[] out = {0, 300, 1000, 1000, 1010, 990, 1000, 1000, 100};
    RunResult drain = drain(out, new RunResult.Throughput(2000, 1000, 5, 4000, 4000));
    assertEquals(
        List.of(2000.0, 2020.0, 1980.0, 2000.0, 2000.0),
        PerSecond.values(Figure.THROUGHPUT_IN, drain),
        "neither the pre-fill's sending nor the ramp-up and tail");
    assertEquals(
        List.of(1000.0, 1010.0, 990.0, 1000.0, 1000.0),
        PerSecond.values(Figure.THROUGHPUT_OUT, drain));
    assertTrue(PerSecond.values(Figure.E2E_P99, drain).isEmpty());
  }

  /** A fixed-rate fixture turned into a drain with this output per second and these figures. */
  private static RunResult drain(long[] outPerSecond, RunResult.Throughput throughput)
      throws IOException {
    List<IntervalPoint> series = new ArrayList<>();
    for (int s = 0; s < outPerSecond.length; s++) {
      series.add(new IntervalPoint(s, outPerSecond[s], 0, 0, 0, 0));
    }
    ObjectMapper json = new ObjectMapper();
    ObjectNode tree = (ObjectNode) json.readTree(ResultJson.toJson(run("d", "flink", 1000, 5)));
    tree.set("mode", json.readTree(ResultJson.toJson(Mode.DRAIN)));
    tree.set("timeseries", json.readTree(ResultJson.toJson(series)));
    tree.set("throughput", json.readTree(ResultJson.toJson(throughput)));
    ((ObjectNode) tree.get("config")).remove(List.of("run.warmup", "run.duration"));
    return ResultJson.fromJson(tree.toString());
  }

  @Test
  void invalidRunsAreLeftOutAndCounted() {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    runs.put("ok", run("ok", "flink", 1000, 5));
    runs.put("bad", run("bad", "flink", 1000, "invalid", 500, 0.01, List.of("lost 3")));
    points.add(point("flink", 1000, 1, "ok"));
    points.add(point("flink", 1000, 2, "bad"));
    SuiteRecord s =
        new SuiteRecord("c", "c", null, "2026-01-01T00:00:00Z", null, "completed", "{}");
    Comparison c =
        Comparison.of(RunSet.ofSuite(new StoredSuite(s, points, runs)), suite("d", 5, 6));
    assertEquals(1, c.points().get(0).notValidA());
    assertEquals(5, row(c, Figure.E2E_P99).a().value(), "the invalid run's 500 ms is left out");
  }

  @Test
  void setsAreMatchedByPointKey() {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (long rate : List.of(1000L, 2000L)) {
      runs.put("r" + rate, run("r" + rate, "flink", rate, 5));
      points.add(point("flink", rate, 1, "r" + rate));
    }
    SuiteRecord s =
        new SuiteRecord("e", "e", null, "2026-01-01T00:00:00Z", null, "completed", "{}");
    Comparison c =
        Comparison.of(RunSet.ofSuite(new StoredSuite(s, points, runs)), suite("f", 5, 6));
    assertEquals(
        List.of("engine=flink,rate=1000"), c.points().stream().map(Comparison.Point::key).toList());
    assertEquals(List.of("engine=flink,rate=2000"), c.onlyInA());
    assertTrue(c.onlyInB().isEmpty());
  }

  @Test
  void printsFlagsAndTheNoiseRule() {
    Comparison c = Comparison.of(suite("a", 5, 6, 7), suite("b", 7.5, 9, 10));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ComparisonTable.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("<< resolved"), out);
    assertTrue(out.contains("noise: with repetitions, the median's confidence interval"), out);
    assertTrue(out.contains("regression rule: B is a regression"), out);
    assertTrue(out.contains("5.00–7.00 (3 runs, min–max, 75%)"), out);
    assertNull(NoiseRange.of(Figure.E2E_P99, List.of()));
  }
}
