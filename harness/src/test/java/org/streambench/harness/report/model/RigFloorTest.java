package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.RunResult;

class RigFloorTest {
  private static Configuration config(Map<String, String> labels, RunResult... runs) {
    return new Configuration(
        "k",
        "n",
        labels,
        false,
        java.util.Arrays.stream(runs).map(r -> new Configuration.Member("rep", r)).toList(),
        List.of());
  }

  /** The floor at 1,000 records/s: two runs of e2e p99 4 and 8 ms (p50 1 and 2 ms). */
  private final Configuration floor =
      config(
          Map.of("engine", "baseline", "floor", "rig"),
          ReportFixtures.run("a", "baseline", 1000, 4.0),
          ReportFixtures.run("b", "baseline", 1000, 8.0));

  private final Configuration engine =
      config(Map.of("engine", "flink"), ReportFixtures.run("c", "flink", 1000, 9.0));

  @Test
  void statesTheFloorFromItsRunsAndLeavesEnginesOut() {
    assertEquals(
        List.of(
            "The rig's floor at 1,000 records/s (baseline on identity, the suite's Kafka client"
                + " settings, 2 valid runs): e2e p50 1.50 [1.00–2.00] ms, p99 6.00 [4.00–8.00] ms."),
        RigFloor.lines(List.of(floor, engine)));
  }

  @Test
  void notesTheFloorBesideAnEngineLatencyAtItsOwnRateOnly() {
    List<Configuration> all = List.of(engine, floor);
    assertEquals(
        Optional.of(
            "the rig's own floor at 1,000 records/s (baseline on identity): e2e p99 6.00"
                + " [4.00–8.00] ms"),
        RigFloor.note(all, 1000, Figure.E2E_P99));
    assertEquals(Optional.empty(), RigFloor.note(all, 2000, Figure.E2E_P99));
    assertEquals(Optional.empty(), RigFloor.note(all, 1000, Figure.THROUGHPUT_IN));
  }

  @Test
  void saysSoWhenTheFloorHasNoValidRun() {
    Configuration invalid =
        config(
            Map.of("floor", "rig"),
            ReportFixtures.run("a", "baseline", 1000, "invalid", 4.0, 0.01, List.of("lost")));
    assertEquals(
        List.of("The rig's floor at 1,000 records/s: no valid run (single run)."),
        RigFloor.lines(List.of(invalid)));
  }
}
