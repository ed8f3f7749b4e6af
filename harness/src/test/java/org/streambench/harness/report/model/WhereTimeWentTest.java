package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.GcSecond;
import org.streambench.harness.results.GcSummary;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LagSeries;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResultBuilder;
import org.streambench.harness.suite.Sustainability;
import org.streambench.verifier.Verdict;

class WhereTimeWentTest {
  private static final long RATE = 10_000;

  /** A fixed-rate run of 10 s warm-up and 20 s steady state at {@link #RATE}. */
  private static RunResultBuilder run(LongUnaryOperator backlog) {
    List<IntervalPoint> series = new ArrayList<>();
    for (long s = 0; s < 30; s++) {
      series.add(new IntervalPoint(s, RATE, 1_000, 5_000, 500, backlog.applyAsLong(s)));
    }
    return RunResult.builder()
        .run("r", "/tmp/r", "flink", "identity")
        .setup(Mode.FIXED_RATE, Guarantee.EXACTLY_ONCE, 1, 1)
        .outcome(RunResult.Status.COMPLETED, null)
        .verdict(Verdict.Status.VALID, List.of())
        .timeseries(series)
        .generator(
            new GeneratorReport(RATE * 30, 0, RATE, RATE, 0, 0, 0, 0, new long[0], 0, 0, 0, 0, 0))
        .config(Map.of("run.warmup", "10s", "run.duration", "20s"), "h");
  }

  private static LagSeries lag(LongUnaryOperator perSecond) {
    List<LagSeries.Point> points = new ArrayList<>();
    for (long s = 0; s < 30; s++) {
      points.add(new LagSeries.Point(s, perSecond.applyAsLong(s)));
    }
    return new LagSeries("engine-group", points);
  }

  private static Checkpoint checkpoint(double at, String status, long millis) {
    return new Checkpoint(at, 1, status, millis, 1 << 20, 4 << 20, 5, 12);
  }

  private static String line(RunResult r, String label) {
    return WhereTimeWent.of(r).stream()
        .filter(l -> l.label().equals(label))
        .findFirst()
        .orElseThrow()
        .text();
  }

  @Test
  void checkpointsAreSummedUpOverTheSteadyStateOnly() {
    RunResult r =
        run(s -> 0)
            .checkpoints(
                List.of(
                    checkpoint(2, "completed", 9_000), // warm-up: not counted
                    checkpoint(11, "completed", 100),
                    checkpoint(12, "failed", 60_000),
                    checkpoint(13, "completed", 300),
                    checkpoint(14, "completed", 200)))
            .build();
    assertEquals(
        "4 in the steady state (1 failed): duration median 200 ms, longest 300 ms; the last wrote"
            + " 1.00 MB of 4.00 MB state; longest alignment 5 ms, longest barrier delay 12 ms",
        line(r, "checkpoints"));
  }

  @Test
  void unknownAlignmentIsSaidSo() {
    RunResult r =
        run(s -> 0)
            .checkpoints(List.of(new Checkpoint(15, 3, "completed", 10, 1, 1, -1, -1)))
            .build();
    assertTrue(
        line(r, "checkpoints")
            .endsWith("longest alignment unknown, longest barrier delay unknown"));
  }

  @Test
  void lagThatAgreesWithTheBacklogIsShownWithItsSlope() {
    RunResult r = run(s -> 500).consumerLag(List.of(lag(s -> 2_000 + (s % 2) * 1_000))).build();
    String text = line(r, "consumer lag engine-group");
    assertTrue(
        text.startsWith("broker's view: up to 3,000 records, 3,000 at the end; slope"), text);
    assertFalse(text.contains("judges"), text);
  }

  @Test
  void lagThatGrowsWhileTheBacklogDoesNotSaysWhichTheSearchUses() {
    // commits every third second, each leaving more behind
    RunResult r = run(s -> 500).consumerLag(List.of(lag(s -> s * 5_000 + (s % 3) * 8_000))).build();
    String text = line(r, "consumer lag engine-group");
    assertTrue(
        text.contains("the broker's consumer lag (group engine-group) grows (slope +")
            && text.endsWith(
                " records/s) where the output backlog does not: the search judges by the output"
                    + " backlog"),
        text);
    var judged = Sustainability.judge(r, RATE, 10, 20, null);
    assertTrue(judged.sustainable(), judged.reason());
    assertTrue(
        judged.reason().contains("the search judges by the output backlog"), judged.reason());
  }

  @Test
  void lagThatOnlyClimbsBetweenRareCommitsIsNotJudged() {
    // Storm's spout commits every 30 s: in a 20 s window the lag climbs whatever the engine's speed
    RunResult r = run(s -> 500).consumerLag(List.of(lag(s -> s * 2_000))).build();
    String text = line(r, "consumer lag engine-group");
    assertFalse(text.contains("slope"), text);
    assertFalse(text.contains("judges"), text);
  }

  @Test
  void sparkMicroBatchCommitsAreNamedSo() {
    RunResult r =
        run(s -> 0)
            .checkpoints(List.of(new Checkpoint(12, 7, "batch", 30, -1, 2 << 20, -1, -1)))
            .build();
    assertTrue(
        line(r, "micro-batch commits").startsWith("1 in the steady state: duration median 30 ms"),
        WhereTimeWent.of(r).toString());
  }

  @Test
  void gcAndStateLinesComeFromTheProcessesAndTheSamples() {
    RunResult r =
        run(s -> 0)
            .processes(
                List.of(
                    new ProcessUsage(
                        "engine",
                        1,
                        1,
                        1,
                        1,
                        null,
                        new GcSummary(4, 40, 20, 64L << 20, 8 << 20),
                        List.of(new GcSecond(3, 1, 5, 1 << 20), new GcSecond(17, 2, 35, 1 << 20)),
                        null),
                    new ProcessUsage("harness", 2, 1, 1, 1)),
                Map.of())
            .stateOnDisk(List.of(0L, 2L << 20, 1L << 20))
            .build();
    assertEquals(
        "4 pauses in the steady state, 40.0 ms in all, longest 20.0 ms; heap after GC up to 64.0"
            + " MB; allocating 8.00 MB/s; the worst second of the run: 35.0 ms of pauses at second"
            + " 17",
        line(r, "GC engine"));
    assertEquals(
        "up to 2.00 MB, 1.00 MB at the end (3 one-second samples)", line(r, "state on disk"));
    assertEquals(2, WhereTimeWent.of(r).size(), "no GC line for a process without a GC log");
  }
}
