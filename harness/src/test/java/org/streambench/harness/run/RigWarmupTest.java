package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RigWarmupTest {
  @Test
  void theSmallRequestPhaseIsAThirdOfTheBigBatchOneAndNeverUnderThreeSeconds() {
    assertEquals(Duration.ofSeconds(30), RigWarmup.pacedFor(RigWarmup.FOR_A_SUITE));
    assertEquals(Duration.ofSeconds(3), RigWarmup.pacedFor(RigWarmup.FOR_A_RUN));
    assertEquals(Duration.ofSeconds(3), RigWarmup.pacedFor(Duration.ofSeconds(6)));
  }

  @Test
  void pacingGoesOnUntilTheCompilersSettleForAtMostTheLimit() {
    Duration atLeast = Duration.ofSeconds(3);
    double busy = RigWarmup.SETTLED_CORES * 4;
    double settled = RigWarmup.SETTLED_CORES / 2;
    assertTrue(RigWarmup.pacesOn(Duration.ofSeconds(2), atLeast, settled), "the minimum first");
    assertTrue(RigWarmup.pacesOn(Duration.ofSeconds(30), atLeast, busy), "still compiling");
    assertFalse(RigWarmup.pacesOn(Duration.ofSeconds(30), atLeast, settled), "settled");
    assertFalse(
        RigWarmup.pacesOn(RigWarmup.SETTLE_AT_MOST, atLeast, busy), "no longer than the limit");
  }
}
