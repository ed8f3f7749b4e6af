package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SuiteRunnerTest {
  /** A search doubles the warm-up of a trial still catching up, to at most two minutes. */
  @Test
  void aCatchingUpTrialIsRepeatedWithTwiceTheWarmupUpToACap() {
    assertEquals(Duration.ofSeconds(20), SuiteRunner.longerWarmup(Duration.ofSeconds(10)));
    assertEquals(Duration.ofSeconds(10), SuiteRunner.longerWarmup(Duration.ZERO));
    assertEquals(SuiteRunner.MAX_SEARCH_WARMUP, SuiteRunner.longerWarmup(Duration.ofSeconds(90)));
    assertNull(SuiteRunner.longerWarmup(SuiteRunner.MAX_SEARCH_WARMUP));
  }

  /**
   * The baseline at 320,000 records/s here: p99 6.5 s with a 10 s warm-up, 5.3 s with 20 s, 7.7 s
   * with 40 s, its backlog shrinking in every steady state: the output's swings, not a catch-up.
   */
  @Test
  void repeatsStopWhenALongerWarmupDoesNotLowerP99() {
    CatchUpRepeats repeats = new CatchUpRepeats();
    assertTrue(repeats.worthRepeating(320_000, 6_500_000));
    repeats.repeating(320_000, 6_500_000, Duration.ofSeconds(10));
    assertTrue(repeats.worthRepeating(320_000, 5_300_000));
    repeats.repeating(320_000, 5_300_000, Duration.ofSeconds(20));
    assertFalse(repeats.worthRepeating(320_000, 7_700_000));
    assertEquals(Duration.ofSeconds(20), repeats.lastHelpfulWarmup());
    assertTrue(repeats.worthRepeating(240_000, 9_000_000), "another rate starts afresh");
  }
}
