package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.RunResult;

class ShortDrainsTest {
  private static Configuration of(String name, RunResult... runs) {
    return new Configuration(
        name,
        name,
        Map.of(),
        false,
        Arrays.stream(runs).map(r -> new Configuration.Member("rep", r)).toList(),
        List.of());
  }

  @Test
  void namesEachValidDrainShorterThanTheTargetWithItsSteadySeconds() {
    double steady = ReportFixtures.run("a", "flink", 1_000, 5).throughput().steadySeconds();
    Configuration flink = of("flink, grep", ReportFixtures.run("a", "flink", 1_000, 5));
    Configuration storm =
        of("storm, grep", ReportFixtures.run("b", "storm", 1_000, "invalid", 5, 0.01, List.of()));

    assertEquals(
        List.of(String.format("flink, grep %.0f s", steady)),
        ShortDrains.of(List.of(flink, storm), (long) steady + 1),
        "the invalid run is left out of every figure, so of this too");
    assertEquals(List.of(), ShortDrains.of(List.of(flink, storm), (long) steady));
  }
}
