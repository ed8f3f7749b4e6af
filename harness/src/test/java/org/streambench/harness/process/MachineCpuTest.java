package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.MachineUsage;

class MachineCpuTest {
  private static MachineCpu.Reading stat(long user, long idle, long iowait, long steal) {
    // user nice system idle iowait irq softirq steal guest guest_nice
    return MachineCpu.parse(
        List.of(
            String.format("cpu  %d 0 100 %d %d 50 50 %d 0 0", user, idle, iowait, steal),
            "cpu0 1 0 0 1 0 0 0 0 0 0",
            "cpu1 1 0 0 1 0 0 0 0 0 0",
            "intr 12345"));
  }

  @Test
  void busyIowaitAndStealAreSharesOfAllTicksTimesTheCpus() {
    // over 1,000 ticks on 2 CPUs: 500 busy, 100 iowait, 200 stolen, 200 idle
    MachineUsage u =
        MachineCpu.between(
            stat(1000, 5000, 10, 20),
            stat(1500, 5200, 110, 220),
            new CpuCanary.Medians(900, 300, 600));
    assertEquals(2, u.cpus());
    assertEquals(1.0, u.busyCores(), 1e-9);
    assertEquals(0.2, u.iowaitCores(), 1e-9);
    assertEquals(0.4, u.stealCores(), 1e-9);
    assertEquals(900, u.canary(), 1e-9);
    assertEquals(300, u.canaryWalk(), 1e-9);
    assertEquals(600, u.canaryArithmetic(), 1e-9);
  }

  @Test
  void noTimeBetweenTwoReadingsHasNoUsage() {
    MachineCpu.Reading r = stat(1000, 5000, 10, 20);
    assertNull(MachineCpu.between(r, r, CpuCanary.Medians.UNKNOWN));
  }
}
