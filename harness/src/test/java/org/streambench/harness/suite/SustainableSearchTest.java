package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.harness.results.PointOutcome.SearchOutcome;
import org.streambench.harness.suite.SuiteSpec.SearchBounds;

class SustainableSearchTest {
  private static SearchOutcome run(SearchBounds bounds, LongPredicate keepsUp) {
    SustainableSearch s = new SustainableSearch(bounds);
    for (long rate = s.nextRate(); rate > 0; rate = s.nextRate()) {
      boolean ok = keepsUp.test(rate);
      s.record(rate, "run-" + rate, new Sustainability.Judgement(ok, false, ok ? "ok" : "behind"));
    }
    return s.outcome();
  }

  /** A search where the engine keeps up with every rate the driver can offer, up to {@code cap}. */
  private static SustainableSearch searchUnderDriverCap(SearchBounds bounds, long cap) {
    SustainableSearch s = new SustainableSearch(bounds);
    for (long rate = s.nextRate(); rate > 0; rate = s.nextRate()) {
      s.record(rate, "r", new Sustainability.Judgement(rate <= cap, rate > cap, "x"));
    }
    return s;
  }

  @ParameterizedTest
  @ValueSource(longs = {150, 7_000, 10_000, 33_333, 123_456, 2_500_000})
  void convergesWithinToleranceOfTheTrueLimit(long limit) {
    SearchOutcome o = run(new SearchBounds(10_000L, 100L, 10_000_000L, 0.05, 20), r -> r <= limit);
    assertTrue(o.converged(), o.toString());
    assertTrue(o.sustainableRate() <= limit, o.toString());
    assertTrue(o.sustainableRate() >= limit / 1.05, o.toString());
    assertTrue(o.trials().size() <= 16, "trials: " + o.trials().size());
  }

  @Test
  void stopsAtTheMaximumWhenEverythingKeepsUp() {
    SearchOutcome o = run(new SearchBounds(10_000L, 100L, 50_000L, 0.05, 12), r -> true);
    assertEquals(50_000, o.sustainableRate());
    assertFalse(o.converged());
    assertEquals(0, o.lowestUnsustainable());
  }

  @Test
  void reportsZeroWhenNothingKeepsUp() {
    SearchOutcome o = run(new SearchBounds(1_000L, 250L, 50_000L, 0.05, 12), r -> false);
    assertEquals(0, o.sustainableRate());
    assertEquals(250, o.lowestUnsustainable());
    assertEquals(3, o.trials().size()); // 1000, 500, 250
  }

  @Test
  void honoursTheTrialLimit() {
    SearchOutcome o = run(new SearchBounds(10_000L, 100L, 10_000_000L, 0.001, 4), r -> r < 77_777);
    assertEquals(4, o.trials().size());
    assertFalse(o.converged());
    assertEquals("trial limit 4 reached before converging", o.stopReason());
  }

  @Test
  void aTrialLimitReachedOnTheDriverSaysTheEnginesLimitIsAbove() {
    // as fvs-identity-latency's Flink search: 640k kept up, every higher rate was driver-bound
    SustainableSearch s =
        searchUnderDriverCap(new SearchBounds(20_000L, 100L, 10_000_000L, 0.1, 10), 640_000);
    assertEquals(
        "trial limit 10 reached before converging; every rate the engine did not keep up with was"
            + " the driver's limit (it fell behind at 720,000 records/s), so the engine's limit is"
            + " above 640,000",
        s.stopReason());
  }

  @Test
  void aDriverBoundRateCapsTheBracketInsteadOfJudgingTheEngine() {
    // the engine keeps up to 150k, the driver cannot offer more than 100k
    SustainableSearch s =
        searchUnderDriverCap(new SearchBounds(25_000L, 100L, 10_000_000L, 0.05, 20), 100_000);
    SearchOutcome o = s.outcome();
    assertFalse(o.converged());
    assertTrue(o.sustainableRate() >= 95_000 && o.sustainableRate() <= 100_000, o.toString());
    assertTrue(s.stopReason().contains("driver"), s.stopReason());
    assertEquals(s.stopReason(), o.stopReason());
  }

  @Test
  void theEngineLimitBelowTheDriverCapStillConverges() {
    SustainableSearch s =
        new SustainableSearch(new SearchBounds(25_000L, 100L, 10_000_000L, 0.05, 20));
    for (long rate = s.nextRate(); rate > 0; rate = s.nextRate()) {
      boolean driverBound = rate > 150_000;
      s.record(
          rate,
          "r",
          new Sustainability.Judgement(!driverBound && rate <= 70_000, driverBound, "x"));
    }
    assertTrue(s.outcome().converged(), s.outcome().toString());
    assertTrue(s.outcome().sustainableRate() >= 70_000 / 1.05);
  }
}
