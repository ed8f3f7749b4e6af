package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.PointOutcome.SearchOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;

class PointRunTest {
  private static final String SEARCH = "engine=baseline,search";

  private final EarlierFindings findings = new EarlierFindings();
  private final List<RunRequest> ran = new ArrayList<>();
  private final List<String> progress = new ArrayList<>();

  private PointOutcome run(
      long drainSeconds, SuitePoint point, int rep, Function<RunRequest, RunResult> engine)
      throws Exception {
    return new PointRun(drainSeconds, null, findings, progress::add)
        .run(
            point,
            rep,
            request -> {
              ran.add(request);
              return engine.apply(request);
            });
  }

  private static SuitePoint atHalfTheSearch() {
    return new SuitePoint(
        "engine=baseline,rate=50%",
        Map.of("engine", "baseline", "rate", "50%"),
        CatchUpRepeatsTest.fixedRate(Mode.FIXED_RATE),
        false,
        SEARCH,
        SuiteRate.parse("50%"));
  }

  private static SuitePoint drain() {
    return new SuitePoint(
        "engine=baseline,mode=drain",
        Map.of("engine", "baseline", "mode", "drain"),
        CatchUpRepeatsTest.fixedRate(Mode.DRAIN),
        false,
        null,
        null);
  }

  private static SearchOutcome found(long rate, String driver, String warmup) {
    return new SearchOutcome(rate, rate + rate / 10, true, List.of(), "converged", driver, warmup);
  }

  @Test
  void aRelativePointRunsAtItsFractionOfTheSearchWithWhatTheSearchEndedWith() throws Exception {
    findings.found(SEARCH, 1, found(40_000, "2/2", "20s"));
    PointOutcome outcome =
        run(0, atHalfTheSearch(), 1, r -> ReportFixtures.run("r1", "baseline", r.rate(), 5));
    assertEquals(1, ran.size());
    assertEquals(20_000, ran.get(0).rate());
    assertEquals(new DriverThreads(2, 2), ran.get(0).driver());
    assertEquals(Duration.ofSeconds(20), ran.get(0).warmup());
    assertEquals(
        new PointOutcome(
            "engine=baseline,rate=50%",
            1, atHalfTheSearch().labels(), PointOutcome.RUN, "valid", List.of("r1"), null),
        outcome);
    assertEquals(
        List.of(
            "  at 20,000 records/s: 50% of 40,000",
            "  → valid: in 20,000 records/s (out 20,000), e2e p99 5.0 ms"),
        progress);
  }

  @Test
  void aRelativePointIsSkippedWhenItsSearchFoundNoRate() throws Exception {
    findings.found(SEARCH, 1, found(0, "1/1", "10s"));
    PointOutcome none = run(0, atHalfTheSearch(), 1, r -> null);
    assertEquals(PointRun.SKIPPED, none.status());
    assertEquals(List.of(), none.runIds());
    // another repetition's search is not this one's
    assertEquals(PointRun.SKIPPED, run(0, atHalfTheSearch(), 2, r -> null).status());
    assertEquals(List.of(), ran);
  }

  @Test
  void aSearchThatDidNotConvergeIsALowerBound() throws Exception {
    findings.found(
        SEARCH, 1, new SearchOutcome(40_000, 0, false, List.of(), "trial limit", "1/1", "10s"));
    run(0, atHalfTheSearch(), 1, r -> ReportFixtures.run("r1", "baseline", r.rate(), 5));
    assertEquals(
        "  at 20,000 records/s: 50% of 40,000 (the search did not converge: a lower bound)",
        progress.get(0));
  }

  @Test
  void aRelativePointKeepsItsOwnLongerWarmupAndASearchStoredWithoutItsEndChangesNothing() {
    RunRequest point = CatchUpRepeatsTest.fixedRate(Mode.FIXED_RATE); // 10 s warm-up
    assertEquals(Duration.ofSeconds(10), PointRun.asItEnded(found(1, "2/2", "5s"), point).warmup());
    assertEquals(point, PointRun.asItEnded(found(1, null, null), point));
  }

  /** A drain of {@code records} that keeps 10,000 records/s for {@code records / 10,000 − 10} s. */
  private static RunResult drainOf(RunRequest request) {
    double rate = 10_000;
    double steady = Math.max(0, request.records() / rate - 10);
    try {
      return ReportFixtures.withThroughput(
          ReportFixtures.run("d" + request.records(), "baseline", (long) rate, 5),
          new RunResult.Throughput(rate, rate, steady, rate, rate));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aDrainIsResizedAndItsLaterRepetitionsStartFromTheResize() throws Exception {
    run(30, drain(), 1, PointRunTest::drainOf);
    assertEquals(List.of(100_000L, 1_000_000L), ran.stream().map(RunRequest::records).toList());
    assertEquals(1_000_000, findings.drainRecords(drain().key(), 0));
    ran.clear();
    PointOutcome second = run(30, drain(), 2, PointRunTest::drainOf);
    assertEquals(List.of(1_000_000L), ran.stream().map(RunRequest::records).toList());
    assertEquals(List.of("d1000000"), second.runIds());
  }

  /** Repetitions are the same run: a later one short of the target is not resized again. */
  @Test
  void aLaterRepetitionDrainsTheFirstOnesCountAsItIs() throws Exception {
    findings.resized(drain().key(), 1_000_000);
    run(200, drain(), 2, PointRunTest::drainOf); // 90 s of steady part, short of 200
    assertEquals(List.of(1_000_000L), ran.stream().map(RunRequest::records).toList());
  }

  @Test
  void aFailedRunIsRecordedWithItsReason() throws Exception {
    PointOutcome outcome =
        run(0, drain(), 1, r -> ReportFixtures.failed("f1", "baseline", r.rate()));
    assertEquals("failed", outcome.status());
    assertEquals(List.of("f1"), outcome.runIds());
    assertTrue(progress.contains("  → failed: engine never became ready"), progress.toString());
  }

  @Test
  void aSignalStopsThePoint() throws Exception {
    assertNull(run(0, drain(), 1, r -> null));
  }
}
