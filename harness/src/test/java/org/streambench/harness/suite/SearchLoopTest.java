package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Mode;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.PointOutcome.Trial;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.RunRequest;
import org.streambench.harness.suite.SuiteSpec.SearchBounds;

class SearchLoopTest {
  private static final SuitePoint POINT =
      new SuitePoint(
          "engine=baseline,search",
          Map.of("engine", "baseline"),
          CatchUpRepeatsTest.fixedRate(Mode.FIXED_RATE),
          true,
          null,
          null);

  private final List<RunRequest> ran = new ArrayList<>();
  private final List<String> progress = new ArrayList<>();

  /** A search from 10,000 records/s, of at most {@code maxTrials} trials, up to {@code max}. */
  private PointOutcome search(
      long max,
      int maxTrials,
      int cores,
      LatencyObjective objective,
      Function<RunRequest, RunResult> engine)
      throws Exception {
    SearchBounds bounds = new SearchBounds(10_000L, 100L, max, 0.05, maxTrials);
    return new SearchLoop(bounds, objective, cores, progress::add)
        .run(
            POINT,
            1,
            request -> {
              ran.add(request);
              return engine.apply(request);
            });
  }

  /** A trial's run: 200 s of timeseries, whatever the warm-up. */
  private RunResult trial(List<Finding> reasons, LongUnaryOperator backlog, long p99Micros) {
    return SustainabilityTest.run(
        "t" + ran.size(),
        "completed",
        "valid",
        reasons,
        SustainabilityTest.backlog(200, backlog),
        p99Micros);
  }

  private RunResult sustained() {
    return trial(List.of(), s -> 0, 200_000);
  }

  private RunResult driverBound() {
    return trial(
        List.of(
            Finding.invalid(Finding.Kind.DRIVER_BOUND, "driver-bound: the generator fell behind")),
        s -> 0,
        200_000);
  }

  private List<String> drivers() {
    return ran.stream().map(r -> r.driver().describe()).toList();
  }

  private List<Long> rates() {
    return ran.stream().map(RunRequest::rate).toList();
  }

  private long repeats() {
    return progress.stream().filter(l -> l.contains("driver threads")).count();
  }

  /**
   * The driver of one thread each way falls behind at 10,000 records/s, two keep up: the trial is
   * repeated with 2/2, which the rest of the search and its outcome keep.
   */
  @Test
  void aDriverBoundTrialIsRepeatedAtItsRateWithTwiceTheDriverThreads() throws Exception {
    PointOutcome outcome =
        search(20_000, 12, 4, null, r -> r.driver().generator() < 2 ? driverBound() : sustained());
    assertEquals(List.of(10_000L, 10_000L, 20_000L), rates());
    assertEquals(List.of("1/1", "2/2", "2/2"), drivers());
    PointOutcome.SearchOutcome found = outcome.search();
    Trial repeated = found.trials().get(0);
    assertFalse(repeated.sustainable());
    assertTrue(repeated.reason().endsWith("; repeated with 2/2 driver threads"), repeated.reason());
    assertEquals(List.of("t1", "t2", "t3"), outcome.runIds());
    assertEquals(3, found.trials().size());
    assertEquals(20_000, found.sustainableRate());
    assertEquals("2/2", found.driverThreads());
    assertEquals("10s", found.warmup());
    assertTrue(
        progress.contains(
            "  → driver-bound: the generator fell behind; repeated with 2/2 driver" + " threads"),
        progress.toString());
  }

  /**
   * With two partitions the driver has all the threads it can use at 2/2: a driver-bound trial
   * there is judged (it caps the search), not repeated again.
   */
  @Test
  void doublingStopsWhenTheDriverThreadsCannotGrow() throws Exception {
    PointOutcome outcome =
        search(1_000_000, 4, 4, null, r -> r.rate() >= 10_000 ? driverBound() : sustained());
    assertEquals(List.of(10_000L, 10_000L, 5_000L, 7_500L), rates());
    assertEquals(List.of("1/1", "2/2", "2/2", "2/2"), drivers());
    assertEquals(1, repeats());
    List<Trial> trials = outcome.search().trials();
    assertTrue(trials.get(0).reason().contains("repeated with 2/2"), trials.get(0).reason());
    assertEquals("driver-bound: the generator fell behind", trials.get(1).reason());
    assertEquals(7_500, outcome.search().sustainableRate());
    assertEquals("2/2", outcome.search().driverThreads());
  }

  @Test
  void onOneCoreADriverBoundTrialIsJudgedAtOnce() throws Exception {
    PointOutcome outcome =
        search(1_000_000, 2, 1, null, r -> r.rate() >= 10_000 ? driverBound() : sustained());
    assertEquals(List.of(10_000L, 5_000L), rates());
    assertEquals(List.of("1/1", "1/1"), drivers());
    assertEquals(0, repeats());
    assertEquals("1/1", outcome.search().driverThreads());
  }

  /**
   * At 10,000 records/s the engine still works off its start-up backlog: p99 3 s with a 10 s
   * warm-up, 2 s with 20 s, 2.5 s with 40 s; the rate is not sustainable and the search goes on
   * with the 20 s warm-up that helped.
   */
  @Test
  void aTrialStillCatchingUpIsRepeatedWithTwiceTheWarmupWhileP99Falls() throws Exception {
    Map<Duration, Long> p99 =
        Map.of(
            Duration.ofSeconds(10), 3_000_000L,
            Duration.ofSeconds(20), 2_000_000L,
            Duration.ofSeconds(40), 2_500_000L);
    PointOutcome outcome =
        search(
            1_000_000,
            4,
            4,
            LatencyObjective.parse("p99 <= 1s"),
            r ->
                r.rate() >= 10_000
                    ? trial(
                        List.of(), s -> Math.max(0, 3_000_000 - s * 10_000), p99.get(r.warmup()))
                    : sustained());
    assertEquals(List.of(10_000L, 10_000L, 10_000L, 5_000L), rates());
    assertEquals(
        List.of(10L, 20L, 40L, 20L), ran.stream().map(r -> r.warmup().toSeconds()).toList());
    List<Trial> trials = outcome.search().trials();
    assertTrue(trials.get(0).reason().endsWith("; repeated with a 20s warm-up"));
    assertTrue(trials.get(1).reason().endsWith("; repeated with a 40s warm-up"));
    assertTrue(
        trials.get(2).reason().endsWith("warm-up did not lower p99: the rate, not the warm-up"),
        trials.get(2).reason());
    assertFalse(trials.get(2).sustainable());
    assertEquals(5_000, outcome.search().sustainableRate());
    assertEquals("20s", outcome.search().warmup());
  }

  @Test
  void aSignalStopsTheSearch() throws Exception {
    assertNull(search(1_000_000, 12, 4, null, r -> null));
    assertEquals(1, ran.size());
  }
}
