package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.collector.BacklogTrend;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

class SustainabilityTest {
  private static final long RATE = 10_000;

  static List<IntervalPoint> backlog(LongUnaryOperator perSecond) {
    return backlog(30, perSecond);
  }

  /** {@code seconds} of a timeseries at {@link #RATE} with this backlog each second. */
  static List<IntervalPoint> backlog(int seconds, LongUnaryOperator perSecond) {
    List<IntervalPoint> points = new ArrayList<>();
    for (long s = 0; s < seconds; s++) {
      points.add(new IntervalPoint(s, RATE, 1_000, 5_000, 500, perSecond.applyAsLong(s)));
    }
    return points;
  }

  static RunResult run(
      String status, String verdict, List<Finding> reasons, List<IntervalPoint> ts, long p99) {
    return run("r", status, verdict, reasons, ts, p99);
  }

  static RunResult run(
      String runId,
      String status,
      String verdict,
      List<Finding> reasons,
      List<IntervalPoint> ts,
      long p99) {
    return new RunResult(
        1,
        runId,
        RunResult.Status.valueOf(status.toUpperCase(Locale.ROOT)),
        Verdict.Status.valueOf(verdict.toUpperCase(Locale.ROOT)),
        reasons,
        "e",
        "identity",
        Mode.FIXED_RATE,
        Guarantee.AT_LEAST_ONCE,
        1,
        1,
        null,
        null,
        null,
        null,
        new LatencySummary(1000, p99 / 2, p99, p99, p99, p99, p99, p99 / 2.0),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        ts,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  @Test
  void aFlatNoisyBacklogIsSustainable() {
    var j =
        Sustainability.judge(
            run("completed", "valid", List.of(), backlog(s -> 500 + (s % 3) * 400), 5_000),
            RATE,
            10,
            20,
            null);
    assertTrue(j.sustainable(), j.reason());
  }

  @Test
  void aGrowingBacklogIsNot() {
    var j =
        Sustainability.judge(
            run("completed", "valid", List.of(), backlog(s -> s * 1_000), 5_000),
            RATE,
            10,
            20,
            null);
    assertFalse(j.sustainable());
    assertTrue(j.reason().contains("not keeping up"), j.reason());
  }

  @Test
  void growthBeforeTheSteadyStateDoesNotCount() {
    var j =
        Sustainability.judge(
            run("completed", "valid", List.of(), backlog(s -> s < 10 ? s * 5_000 : 50_000), 5_000),
            RATE,
            10,
            20,
            null);
    assertTrue(j.sustainable(), j.reason());
  }

  @Test
  void theLatencyObjectiveIsApplied() {
    RunResult r = run("completed", "valid", List.of(), backlog(s -> 0), 2_000_000);
    assertTrue(Sustainability.judge(r, RATE, 10, 20, null).sustainable());
    var j = Sustainability.judge(r, RATE, 10, 20, LatencyObjective.parse("p99 <= 1s"));
    assertFalse(j.sustainable());
    assertTrue(j.reason().contains("p99 <= 1s"), j.reason());
    assertFalse(j.catchingUp(), "a flat backlog: the rate itself misses the objective");
  }

  /**
   * Storm at 30,000 records/s with a 10 s warm-up still owed 103,000 records of its start-up 15 s
   * in, and missed p99 <= 1 s while that backlog shrank: a warm-up too short, not a rate too high.
   */
  @Test
  void anObjectiveMissedWhileTheBacklogShrinksIsCatchingUp() {
    LatencyObjective p99 = LatencyObjective.parse("p99 <= 1s");
    RunResult draining =
        run(
            "completed",
            "valid",
            List.of(),
            backlog(s -> Math.max(0, 300_000 - s * 10_000)),
            5_000_000);
    var j = Sustainability.judge(draining, RATE, 10, 20, p99);
    assertFalse(j.sustainable());
    assertTrue(j.catchingUp(), j.reason());
    assertTrue(j.reason().contains("still working off its start-up backlog"), j.reason());

    // shrinking by less than 2 % of the rate per second is noise, not catching up
    RunResult flat =
        run("completed", "valid", List.of(), backlog(s -> 50_000 - s * 150), 5_000_000);
    assertFalse(Sustainability.judge(flat, RATE, 10, 20, p99).catchingUp());
    // met objective: sustainable, whatever the backlog did
    RunResult fast =
        run("completed", "valid", List.of(), backlog(s -> Math.max(0, 300_000 - s * 10_000)), 1);
    assertTrue(Sustainability.judge(fast, RATE, 10, 20, p99).sustainable());
  }

  @Test
  void invalidFailedAndDriverBoundRunsAreNotSustainable() {
    assertFalse(
        Sustainability.judge(
                run(
                    "completed",
                    "invalid",
                    List.of(Finding.invalid(Kind.LOST, "lost 3")),
                    backlog(s -> 0),
                    1),
                RATE,
                10,
                20,
                null)
            .sustainable());
    assertFalse(
        Sustainability.judge(run("failed", "unknown", List.of(), null, 1), RATE, 10, 20, null)
            .sustainable());
    var j =
        Sustainability.judge(
            run(
                "completed",
                "invalid",
                List.of(
                    Finding.invalid(Kind.DRIVER_BOUND, "driver-bound: the generator fell behind")),
                backlog(s -> 0),
                1),
            RATE,
            10,
            20,
            null);
    assertTrue(j.driverBound());
    var stalled =
        Sustainability.judge(
            run(
                "completed",
                "invalid",
                List.of(
                    Finding.invalid(
                        Kind.DRIVER_STALLED, "driver-stalled: the generator fell behind")),
                backlog(s -> 0),
                1),
            RATE,
            10,
            20,
            null);
    assertTrue(stalled.driverBound(), "a pause of the driver says nothing about the engine");
    var machine =
        Sustainability.judge(
            run(
                "completed",
                "invalid",
                List.of(
                    Finding.invalid(
                        Kind.MACHINE_BOUND,
                        "machine-bound: the generator fell behind while the engine shared its CPUs")),
                backlog(s -> 0),
                1),
            RATE,
            10,
            20,
            null);
    assertFalse(machine.sustainable());
    assertFalse(machine.driverBound(), "the engine took the driver's CPU: this machine's limit");
  }

  @Test
  void slopeIsTheLeastSquaresFit() {
    assertEquals(250.0, BacklogTrend.slope(backlog(s -> 100 + 250 * s), 0, 30).getAsDouble(), 1e-9);
    assertTrue(BacklogTrend.slope(backlog(s -> -1), 0, 30).isEmpty());
  }
}
