package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** The results page of {@link ReportHtmlTest}'s suite: flink and baseline, a sweep and a search. */
class ResultsPageTest {
  @Test
  void pageHasTheStudysHeaderEveryFigureTheRankingAndItsCharts(@TempDir Path dir) throws Exception {
    StoredSuite s = ReportHtmlTest.suite();
    // without the escaping test's extra label on flink's points: the engines then share their rates
    s.points().forEach(p -> p.labels().remove("param:note"));
    SuiteRecord r = s.suite();
    SuiteRecord named =
        new SuiteRecord(
            r.suiteId(),
            "demo",
            r.file(),
            r.startedAt(),
            "2026-01-01T00:12:30Z",
            r.status(),
            "{\"engines\": [\"flink\", \"baseline\"], \"workloads\": [\"identity\"],"
                + " \"rates\": [\"1000\", \"2000\"], \"repetitions\": 2}");
    String suiteFile =
        "# Reproduces a study's demo.\n# Figure: p99 per engine (ms).\nmode: fixed-rate\n# not this\n";
    Path page =
        ResultsPage.write(
            ReportModel.ofSuite(new StoredSuite(named, s.points(), s.runs())),
            suiteFile,
            "./streambench suite suites/demo.yaml --publish",
            List.of(),
            dir);

    assertEquals(dir.resolve("demo.md"), page);
    String md = Files.readString(page);
    assertTrue(md.startsWith("# demo\n"), md);
    assertTrue(md.contains("Reproduces a study's demo.\n**Figure:** p99 per engine (ms)."), md);
    assertTrue(!md.contains("not this"), "only the file's opening comment");
    assertTrue(md.contains("- Regenerate: `./streambench suite suites/demo.yaml --publish`"), md);
    assertTrue(md.contains("took 12 min 30 s from start to end, 11 runs of "), md);
    assertTrue(md.contains("- Parameters: 2 repetitions; warm-up 10s, steady state 30s;"), md);
    assertTrue(md.contains("(1 not valid, left out of every figure)"), md);
    // one table row per configuration, figures of valid runs only
    assertTrue(md.contains("| configuration | runs | verdicts | throughput in"), md);
    // the engine-internal latency beside the end-to-end one, where the runs have it
    assertTrue(md.contains(" | e2e p99.9 (ms) | engine p50 (µs) | engine p99 (µs) | "), md);
    assertEquals(
        4,
        md.lines()
            .filter(l -> l.startsWith("| ") && l.contains(" runs |") && !l.contains("verdicts"))
            .count(),
        md);
    // the search with every trial
    // with the input per engine core of the trial at that rate (7,500 records/s on 0.5 cores)
    assertTrue(
        md.contains("7,500 records/s (15,000 per engine core there), converged after 3 trials"),
        md);
    assertTrue(md.contains("  - 10,000 records/s: not sustainable, backlog slope +900"), md);
    // engines against each other at each rate: the better first, the other as a ratio of it
    assertTrue(md.contains("## Engines against each other"), md);
    assertTrue(md.lines().anyMatch(l -> l.contains("e2e p99 (ms)") && l.contains("×, ")), md);
    // each difference from the best resolved or not: at 1000/s both engines' p99 were 11 and 12 ms
    assertTrue(
        md.contains("(1.00×, not resolved (smallest resolvable 8.7%))"),
        "no 'no difference' alone");
    // at 2000/s baseline has one valid run: no interval, so nothing is resolved
    assertTrue(md.contains("×, not resolved: single run, no noise estimate)"), md);
    // at a fixed rate each engine takes in the offered rate: no ranking by it
    assertTrue(md.lines().noneMatch(l -> l.contains("throughput in") && l.contains("×, ")), md);
    // the figures' brackets are the medians' intervals, their coverage stated
    assertTrue(
        md.contains(
            "[low–high]: the median's confidence interval from order statistics (docs/reports.md),"
                + " with the share of such intervals that cover the true median: 2 runs: min–max,"
                + " 50%."),
        md);
    // the suite's own run-to-run noise: p99 spread 1/11.5, 1/11.5 and 1/21.5 over its A/A samples
    assertTrue(md.contains("## This suite's run-to-run noise"), md);
    assertTrue(
        md.contains(
            "- e2e p99 (ms): 8.7% (median of 3 configurations' (max − min) / median), largest"
                + " 8.7% ("),
        md);
    // a fixed-rate point's input is its offered rate: not noise
    assertTrue(md.lines().noneMatch(l -> l.startsWith("- throughput in (rec/s):")), md);
    assertTrue(md.lines().noneMatch(l -> l.startsWith("- in per given core (rec/s):")), md);
    assertTrue(md.lines().anyMatch(l -> l.startsWith("- throughput out (rec/s):")), md);
    for (String chart : new String[] {"throughput", "p99-vs-rate", "sustainable"}) {
      assertTrue(md.contains("](demo/" + chart + ".svg)"), chart);
      assertTrue(Files.readString(dir.resolve("demo/" + chart + ".svg")).startsWith("<svg"), chart);
    }
  }

  @Test
  void aYsbSuitesPageShowsYsbsWindowLatency(@TempDir Path dir) throws Exception {
    StoredSuite s = ReportHtmlTest.suite();
    Map<String, RunResult> runs = new LinkedHashMap<>(s.runs());
    runs.put(
        "flink-1000-1",
        ReportFixtures.withWorkloadResults(
            runs.get("flink-1000-1"),
            Map.of(
                "ysbWindowLatencyMicros",
                new LatencySummary(40, 812_000, 0, 0, 1_234_000, 0, 1_300_000, 0))));
    RunResult ysb = runs.get("flink-1000-1");
    assertEquals(812.0, Figure.YSB_WINDOW_P50.of(ysb));
    assertEquals(1234.0, Figure.YSB_WINDOW_P99.of(ysb));
    assertTrue(Double.isNaN(Figure.YSB_WINDOW_P99.of(runs.get("flink-1000-2"))));

    Path page =
        ResultsPage.write(
            ReportModel.ofSuite(new StoredSuite(s.suite(), s.points(), runs)),
            null,
            null,
            List.of(),
            dir);

    String md = Files.readString(page);
    assertTrue(md.contains("| ysb window p50 (ms) | ysb window p99 (ms) |"), md);
    assertTrue(md.contains("| 1,234"), md);
    // the study's own plot: the share of windows complete against their latency
    assertTrue(md.contains("![windows-complete](" + s.suite().name() + "/windows-complete.svg)"));
    assertTrue(
        Files.isRegularFile(dir.resolve(s.suite().name()).resolve("windows-complete.svg")), md);
  }

  @Test
  void aFaultSuitesPageListsEveryFaultWithItsRecovery(@TempDir Path dir) throws Exception {
    StoredSuite s = ReportHtmlTest.suite();
    Map<String, RunResult> runs = new LinkedHashMap<>(s.runs());
    runs.put(
        "flink-1000-1",
        ReportFixtures.withFaults(
            runs.get("flink-1000-1"),
            List.of(
                new RunResult.Fault(
                    1,
                    "kill:worker@8s",
                    "kill",
                    "worker",
                    "taskmanager-1",
                    4242,
                    8.0,
                    "2026-01-01T00:00:18Z",
                    3.0,
                    31_250.0,
                    3L,
                    "recovered",
                    44.5,
                    2_500.0,
                    61_000,
                    null,
                    null),
                new RunResult.Fault(
                    2,
                    "kill:worker@20s",
                    "kill",
                    "worker",
                    "taskmanager-2",
                    4243,
                    20.0,
                    "2026-01-01T00:00:30Z",
                    null,
                    null,
                    null,
                    "not recovered",
                    null,
                    0,
                    0,
                    null,
                    null))));
    Path page =
        ResultsPage.write(
            ReportModel.ofSuite(new StoredSuite(s.suite(), s.points(), runs)),
            null,
            null,
            List.of(),
            dir);

    String md = Files.readString(page);
    assertTrue(md.contains("## Faults and recovery"), md);
    assertTrue(
        md.contains(
            "| kill:worker@8s | taskmanager-1 | 8.00 | 3.00 | 31,250 | - | 3 | 44.5 | 2,500 | 61,000 |"),
        md);
    assertTrue(
        md.contains(
            "| kill:worker@20s | taskmanager-2 | 20.0 | left down | no output | - | 0 | not recovered |"),
        md);
    assertTrue(md.contains("Recovery: from the fault until three consecutive seconds"), md);
    assertTrue(
        !Files.readString(
                ResultsPage.write(
                    ReportModel.ofSuite(s), null, null, List.of(), dir.resolve("none")))
            .contains("Faults and recovery"),
        "no fault, no section");
  }
}
