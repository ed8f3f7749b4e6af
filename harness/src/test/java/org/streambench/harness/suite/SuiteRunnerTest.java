package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
}
