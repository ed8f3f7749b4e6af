package org.streambench.harness.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

class CpuRowsTest {
  /** A Spark cluster run with engine=1 broker=0 driver=0: a worker and the executor it started. */
  private static RunResult placed() {
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("cpuPlacement", Map.of("engine", "1"));
    return RunResult.builder()
        .run("placed", "/tmp/placed", "spark", "identity")
        .setup(Mode.FIXED_RATE, Guarantee.AT_LEAST_ONCE, 1, 1)
        .outcome(RunResult.Status.COMPLETED, null)
        .verdict(Verdict.Status.VALID, List.of())
        .throughput(new RunResult.Throughput(2_000, 1_000, 10, 4_000, 8_000))
        .processes(
            List.of(
                usage("broker", "0"),
                usage("engine", "1"),
                usage("engine/worker-1", "1"),
                usage("engine/worker-1/CoarseGrainedExecutorBackend", "1"),
                usage("harness", "0")),
            Map.of())
        .config(Map.of(), "h")
        .provenance(provenance)
        .build();
  }

  private static ProcessUsage usage(String role, String cpus) {
    return new ProcessUsage(role, 1, 1, 0.25, 1, cpus, null, List.of(), null);
  }

  private static List<String> table(RunResult... runs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SummaryTable.print(List.of(runs), new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private static String row(List<String> table, String label) {
    return table.stream()
        .filter(l -> l.startsWith(label + " "))
        .findFirst()
        .map(l -> l.substring(label.length()).trim())
        .orElse(null);
  }

  @Test
  void showPrintsThePlacementEachProcesssCpusAndBothPerCoreFigures() {
    List<String> t = table(placed());
    assertEquals("engine=1", row(t, "CPU placement"));
    assertEquals("1", row(t, "allowed CPUs engine"));
    assertEquals("0", row(t, "allowed CPUs broker"));
    assertEquals("0", row(t, "allowed CPUs harness"));
    assertTrue(
        t.stream().anyMatch(l -> l.matches("\\s+worker-1/CoarseGrainedExecutorBackend\\s+1")));
    // 2,000 in/s on 0.25 cores used, on the 1 CPU it was given
    assertEquals("4,000", row(t, "out per engine core"));
    assertEquals("8,000", row(t, "in per engine core"));
    assertEquals("2,000", row(t, "in per given core"));
    assertEquals("1,000", row(t, "out per given core"));
    assertEquals(1.0, Figure.givenCores(placed()));
    assertEquals(2_000, Figure.IN_PER_GIVEN_CORE.of(placed()));
  }

  @Test
  void aRunStoredBeforePlacementShowsNoCpus() {
    RunResult old =
        RunResult.builder()
            .run("old", "/tmp/old", "flink", "identity")
            .outcome(RunResult.Status.COMPLETED, null)
            .processes(List.of(new ProcessUsage("engine", 1, 1, 0.5, 1)), Map.of())
            .config(Map.of(), "h")
            .build();
    List<String> t = table(old);
    assertEquals("-", row(t, "CPU placement"));
    assertEquals("-", row(t, "in per given core"));
    assertFalse(t.stream().anyMatch(l -> l.startsWith("allowed CPUs")));
    assertTrue(Double.isNaN(Figure.IN_PER_GIVEN_CORE.of(old)));
  }
}
