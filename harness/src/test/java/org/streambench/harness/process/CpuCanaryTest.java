package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuCanaryTest {
  @Test
  void theWalkVisitsEveryEntryOfTheTableInOneCycle() {
    int[] next = CpuCanary.cycle(1 << 12, 7);
    boolean[] seen = new boolean[next.length];
    int at = 0;
    for (int i = 0; i < next.length; i++) {
      seen[at] = true;
      at = next[at];
    }
    assertEquals(0, at, "back at the start after one pass");
    for (boolean s : seen) {
      assertTrue(s);
    }
  }

  @Test
  void theWorkIsTheSameEachTime() {
    int[] next = CpuCanary.cycle(1 << 12, 7);
    assertEquals(CpuCanary.walk(next), CpuCanary.walk(next));
    assertEquals(CpuCanary.arithmetic(5), CpuCanary.arithmetic(5));
  }

  @Test
  void theMediansAreOverTheSamplesInsideTheWindowOnlyEachPartOnItsOwn() {
    List<CpuCanary.Sample> samples =
        List.of(
            new CpuCanary.Sample(1_000, 4_000, 1_000),
            new CpuCanary.Sample(2_000, 300, 600),
            new CpuCanary.Sample(3_000, 500, 600),
            new CpuCanary.Sample(4_000, 200, 800),
            new CpuCanary.Sample(5_000, 400, 800),
            new CpuCanary.Sample(6_000, 8_000, 1_000));
    CpuCanary.Medians fourSeconds = CpuCanary.medians(samples, 2_000, 5_000);
    assertEquals(1_050, fourSeconds.totalMicros(), 1e-9);
    assertEquals(350, fourSeconds.walkMicros(), 1e-9);
    assertEquals(700, fourSeconds.arithmeticMicros(), 1e-9);
    // the median of the totals, not the sum of the parts' medians (900 + 1100 + 1000)
    CpuCanary.Medians threeSeconds = CpuCanary.medians(samples, 2_000, 4_000);
    assertEquals(1_000, threeSeconds.totalMicros(), 1e-9);
    assertEquals(300, threeSeconds.walkMicros(), 1e-9);
    assertEquals(600, threeSeconds.arithmeticMicros(), 1e-9);
    assertTrue(Double.isNaN(CpuCanary.medians(samples, 7_000, 8_000).totalMicros()));
  }

  @Test
  void aRunningCanaryTimesItsWorkInCpuTime() throws InterruptedException {
    CpuCanary canary = CpuCanary.start();
    assertNotNull(canary, "a HotSpot JVM on Linux reads a thread's CPU time");
    try {
      for (int i = 0; i < 200 && canary.samples().isEmpty(); i++) {
        Thread.sleep(50);
      }
      List<CpuCanary.Sample> samples = canary.samples();
      assertTrue(!samples.isEmpty(), "no sample within 10 s");
      // the work takes some CPU, and far less than the second between two samples
      CpuCanary.Sample first = samples.get(0);
      assertTrue(
          first.walkMicros() > 0 && first.arithmeticMicros() > 0 && first.cpuMicros() < 500_000,
          "canary took " + first);
    } finally {
      canary.close();
    }
  }
}
