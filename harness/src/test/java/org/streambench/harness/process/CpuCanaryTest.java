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
    assertEquals(CpuCanary.work(next), CpuCanary.work(next));
  }

  @Test
  void theMedianIsOverTheSamplesInsideTheWindowOnly() {
    List<CpuCanary.Sample> samples =
        List.of(
            new CpuCanary.Sample(1_000, 5_000),
            new CpuCanary.Sample(2_000, 900),
            new CpuCanary.Sample(3_000, 1_100),
            new CpuCanary.Sample(4_000, 1_000),
            new CpuCanary.Sample(5_000, 1_200),
            new CpuCanary.Sample(6_000, 9_000));
    assertEquals(1_050, CpuCanary.medianMicros(samples, 2_000, 5_000), 1e-9);
    assertEquals(1_000, CpuCanary.medianMicros(samples, 2_000, 4_000), 1e-9);
    assertTrue(Double.isNaN(CpuCanary.medianMicros(samples, 7_000, 8_000)));
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
      double micros = samples.get(0).cpuMicros();
      assertTrue(micros > 0 && micros < 500_000, "canary took " + micros + " µs");
    } finally {
      canary.close();
    }
  }
}
