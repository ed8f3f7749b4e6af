package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

class HowItRanTest {
  @Test
  void aResizedDrainsParametersSayItsRecordsAndTarget() {
    SuiteSpec spec =
        SuiteSpec.fromJson(
            "{\"mode\": \"drain\", \"engines\": [\"flink\"], \"workloads\": [\"identity\"],"
                + " \"records\": [1000000], \"drain-seconds\": 30, \"repetitions\": 1}");
    assertEquals(
        "1 repetition; records [1000000]; drains resized to a steady part of 30 s;"
            + " max generator lag "
            + spec.maxGeneratorLag()
            + "; no CPU placement (every process may run on every CPU)",
        HowItRan.parameters(spec));
  }

  @Test
  void aSuiteWithRelativeRatesSaysHowItSearched() {
    SuiteSpec spec =
        SuiteSpec.fromJson(
            "{\"engines\": [\"flink\"], \"workloads\": [\"identity\"], \"rates\": [\"50%\"],"
                + " \"repetitions\": 3, \"latency-objective\": \"p99 <= 1s\"}");
    assertEquals(
        String.format(
            "3 repetitions; warm-up %s, steady state %s; objective p99 <= 1s; search from 10,000"
                + " records/s (100 to 10,000,000) to within 5 %%, at most 12 trials;"
                + " max generator lag %s; no CPU placement (every process may run on every CPU)",
            spec.warmup(), spec.duration(), spec.maxGeneratorLag()),
        HowItRan.parameters(spec));
  }

  @Test
  void aPlacedSuiteSaysWhereItsRolesRan() {
    SuiteSpec spec =
        SuiteSpec.fromJson(
            "{\"engines\": [\"flink\"], \"workloads\": [\"identity\"], \"rates\": [1000],"
                + " \"cpus\": \"engine=1 broker=0 driver=0\"}");
    assertTrue(
        HowItRan.parameters(spec)
            .endsWith(
                "; CPU placement engine=1 broker=0 driver=0 (taskset; other roles on every CPU)"),
        HowItRan.parameters(spec));
  }

  @Test
  void withoutRunsOrACommandToRegenerateItSaysSo() {
    SuiteRecord suite =
        new SuiteRecord(
            "s1",
            "demo",
            "suites/demo.yaml",
            "2026-01-01T00:00:00Z",
            null,
            "aborted",
            "{\"engines\": [\"flink\"], \"workloads\": [\"identity\"], \"repetitions\": 1}");
    List<String> lines = HowItRan.lines(suite, List.of(), List.of(), null);
    assertEquals("## How it ran", lines.get(0));
    assertEquals(
        "- The suite file has changed since this run: its comment above may not describe it",
        lines.get(2));
    assertEquals(
        "- Suite `s1`, aborted, unfinished, 0 runs of 0 min 0 s in all, all valid", lines.get(4));
    assertEquals("", lines.get(lines.size() - 1));
    assertEquals(6, lines.size());
  }

  @Test
  void runsNotValidAreCounted() {
    assertEquals(
        " (1 not valid, left out of every figure)",
        HowItRan.invalid(
            List.of(
                ReportFixtures.run("a", "flink", 1_000, 5),
                ReportFixtures.failed("b", "flink", 1_000))));
  }
}
