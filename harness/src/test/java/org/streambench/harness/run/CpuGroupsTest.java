package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who competed for which CPUs. */
class CpuGroupsTest {
  private static final Map<String, Double> CORES =
      Map.of("engine", 0.9, "broker", 0.5, "harness", 0.4);

  @Test
  void withoutPlacementEveryRoleSharesTheMachine() {
    CpuGroups g = CpuGroups.of(Map.of(), "0-1", CORES);
    assertEquals(1, g.groups().size());
    assertEquals(1.8, g.driver().used(), 1e-9);
    assertEquals(true, g.driver().saturated());
  }

  @Test
  void separateCpusAreSeparateGroups() {
    CpuGroups g = CpuGroups.of(Map.of("engine", "1", "broker", "0", "harness", "0"), "0-1", CORES);
    assertEquals(2, g.groups().size());
    assertEquals(List.of("broker", "harness"), List.copyOf(g.driver().cores().keySet()));
    assertEquals(0.9, g.driver().used(), 1e-9);
  }

  @Test
  void aRoleOverlappingTwoGroupsMergesThem() {
    // engine on 1 and broker on 0 are apart; the driver on both joins them into one group
    CpuGroups g = CpuGroups.of(Map.of("engine", "1", "broker", "0"), "0-1", CORES);
    assertEquals(1, g.groups().size());
    assertEquals("0-1", org.streambench.harness.process.CpuList.format(g.driver().cpus()));
    assertEquals(1.8, g.driver().used(), 1e-9);
  }
}
