package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.MachineDrift.Pair;

/** The correlation of runs' figures with the machine's speed, pooled over configurations. */
class MachineDriftTest {
  @Test
  void runsThatAreSlowerWhereTheCanaryIsSlowerCorrelateNegatively() {
    // two configurations of very different speeds: each pooled relative to its own medians
    List<Pair> fast =
        List.of(new Pair(1000, 340), new Pair(900, 350), new Pair(1100, 330), new Pair(1000, 340));
    List<Pair> slow = List.of(new Pair(10, 340), new Pair(9, 352), new Pair(11, 329));
    double r = MachineDrift.correlation(List.of(fast, slow));
    assertTrue(r < -0.95, "r = " + r);
  }

  @Test
  void aSingleRunOrAnUnmovingCanaryGivesNoCorrelation() {
    assertTrue(Double.isNaN(MachineDrift.correlation(List.of(List.of(new Pair(1, 340))))));
    assertTrue(
        Double.isNaN(
            MachineDrift.correlation(
                List.of(List.of(new Pair(1, 340), new Pair(2, 340), new Pair(3, 340))))));
    assertEquals(
        1.0,
        MachineDrift.correlation(List.of(List.of(new Pair(1, 1), new Pair(2, 2), new Pair(3, 3)))),
        1e-9);
  }
}
