package org.streambench.harness.summary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.RunToRunNoise;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.GcSummary;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

class SuiteSummaryTest {
  private static final long MB = 1L << 20;

  /** A stateful run: 10 s warm-up, 20 s steady state, checkpoints of 40, 50 and 60 ms in it. */
  private static RunResult stateful(String id, long stateMb, long heapMb) {
    return RunResult.builder()
        .run(id, "/tmp/" + id, "flink", "wordcount")
        .setup(Mode.FIXED_RATE, Guarantee.EXACTLY_ONCE, 2, 2)
        .outcome(RunResult.Status.COMPLETED, null)
        .verdict(Verdict.Status.VALID, List.of())
        .throughput(new RunResult.Throughput(2_000, 2_000, 20, 4_000, 4_000))
        .processes(
            List.of(
                new ProcessUsage(
                    "engine",
                    1,
                    10,
                    0.5,
                    900 * MB,
                    null,
                    new GcSummary(3, 30, 12, heapMb * MB, MB),
                    List.of(),
                    null)),
            Map.of())
        .stateOnDisk(List.of(0L, stateMb * MB, stateMb * MB / 2))
        .checkpoints(
            List.of(
                new Checkpoint(12, 1, "completed", 40, MB, MB, 0, 1),
                new Checkpoint(13, 2, "completed", 60, MB, MB, 0, 1),
                new Checkpoint(14, 3, "completed", 50, MB, MB, 0, 1)))
        .config(Map.of("run.warmup", "10s", "run.duration", "20s"), "h")
        .build();
  }

  private static String print(List<PointOutcome> points, Map<String, RunResult> runs) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SuiteSummary.print(
        points, runs, Map.of(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aStatefulPointShowsMemoryAndDiskBesideItsThroughput() {
    String out =
        print(
            List.of(
                ReportFixtures.point("flink", 2_000, 1, "a"),
                ReportFixtures.point("flink", 2_000, 2, "b")),
            Map.of("a", stateful("a", 10, 40), "b", stateful("b", 30, 60)));
    assertTrue(
        out.contains(
            "engine peak RSS 900 [900–900] MB, heap after GC 50 [40–60] MB, state on disk 20.0"
                + " [10.0–30.0] MB, checkpoint median 50 [50–50] ms"),
        out);
  }

  @Test
  void aStatelessPointHasNoSuchLine() {
    String out =
        print(
            List.of(ReportFixtures.point("flink", 1_000, 1, "r")),
            Map.of("r", ReportFixtures.run("r", "flink", 1_000, 5)));
    assertFalse(out.contains("state on disk"), out);
  }

  @Test
  void statesTheSuitesRunToRunNoiseAndWhetherEachDifferenceIsResolved() {
    Map<String, RunResult> runs = new java.util.LinkedHashMap<>();
    List<PointOutcome> points = new java.util.ArrayList<>();
    double[][] p99 = {{10, 11, 12}, {10.5, 11.5, 12.5}, {20, 21, 22}};
    String[] engines = {"flink", "baseline", "storm"};
    for (int rep = 1; rep <= 3; rep++) {
      for (int e = 0; e < engines.length; e++) {
        String id = engines[e] + "-" + rep;
        runs.put(id, ReportFixtures.run(id, engines[e], 1_000, p99[e][rep - 1]));
        points.add(ReportFixtures.point(engines[e], 1_000, rep, id));
      }
    }
    String out = print(points, runs);
    // the median and its interval: 3 runs, min–max, 75 %
    assertTrue(out.contains("11.0 [10.0–12.0]"), out);
    assertTrue(out.contains("3 runs: min–max, 75%"), out);
    assertTrue(out.contains("this suite's run-to-run noise"), out);
    // p99 spreads 2/11, 2/11.5 and 2/21
    assertTrue(
        out.contains(
            "e2e p99 ms: 17% (median of 3 configurations' (max − min) / median), largest 18%"),
        out);
    // flink against baseline: +4.5 %, intervals 10–12 and 10.5–12.5 overlap
    assertTrue(out.contains("e2e p99 ms: B +4.5%, not resolved (smallest resolvable 18%)"), out);
    // flink against storm: intervals apart
    assertTrue(out.contains("e2e p99 ms: B +90.9%, resolved"), out);
    // fixed-rate points' input is their offered rate: not compared, not noise
    assertFalse(out.contains("in records/s:"), out);
  }

  @Test
  void aSuiteOfSingleRunsSaysItsNoiseWasNotMeasured() {
    String out =
        print(
            List.of(ReportFixtures.point("flink", 1_000, 1, "r")),
            Map.of("r", ReportFixtures.run("r", "flink", 1_000, 5)));
    assertTrue(out.contains(RunToRunNoise.NOT_MEASURED), out);
  }
}
