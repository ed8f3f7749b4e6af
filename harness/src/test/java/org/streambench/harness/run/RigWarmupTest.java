package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RigWarmupTest {
  @Test
  void theSmallRequestPhaseIsAThirdOfTheBigBatchOneAndNeverUnderThreeSeconds() {
    assertEquals(Duration.ofSeconds(30), RigWarmup.pacedFor(RigWarmup.FOR_A_SUITE));
    assertEquals(Duration.ofSeconds(3), RigWarmup.pacedFor(RigWarmup.FOR_A_RUN));
    assertEquals(Duration.ofSeconds(3), RigWarmup.pacedFor(Duration.ofSeconds(6)));
  }
}
