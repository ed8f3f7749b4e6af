package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.SuiteSpec;

/** A page's headline: one figure across one dimension, in sentences from the stored suite. */
class HeadlineSectionTest {
  private static ReportModel model(StoredSuite s) {
    // without the escaping test's extra label on flink's points: the engines then share their rates
    s.points().forEach(p -> p.labels().remove("param:note"));
    return ReportModel.ofSuite(s);
  }

  @Test
  void theFigureAcrossTheDimensionBestFirstWithTheRatioAndItsResolution() {
    List<String> lines =
        HeadlineSection.lines(
            model(ReportHtmlTest.suite()), new SuiteSpec.Headline("e2e-p99", "engine"));
    assertEquals("## Headline: e2e p99 (ms) across engine", lines.get(0));
    // at 1000/s flink's p99 were 11 and 12 ms, baseline's the same: lower is better
    assertTrue(
        lines.contains(
            "- rate=1000: e2e p99 (ms): flink 11.5, baseline 11.5 (1.00×, not resolved (smallest"
                + " resolvable 8.7%))"),
        lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("- rate=2000: ")), lines.toString());
  }

  @Test
  void aValueWithoutAValidRunIsNamed() {
    StoredSuite s = ReportHtmlTest.suite();
    Map<String, RunResult> runs = new LinkedHashMap<>(s.runs());
    runs.put("baseline-2000-1", ReportFixtures.failed("baseline-2000-1", "baseline", 2000));
    runs.put("baseline-2000-2", ReportFixtures.failed("baseline-2000-2", "baseline", 2000));
    List<String> lines =
        HeadlineSection.lines(
            model(new StoredSuite(s.suite(), s.points(), runs)),
            new SuiteSpec.Headline("e2e-p99", "engine"));
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("  - baseline: no valid run (")),
        lines.toString());
  }

  @Test
  void aDimensionNothingVariesInSaysSo() {
    List<String> lines =
        HeadlineSection.lines(
            model(ReportHtmlTest.suite()), new SuiteSpec.Headline("e2e-p99", "guarantee"));
    assertTrue(
        lines.contains("No two configurations of this suite differ in guarantee alone."),
        lines.toString());
  }

  @Test
  void aControlsResolvedDifferencesAreCountedAsFalseAlarms() {
    // baseline stands in for a control: each rate compares it with flink alone; at 1000/s both
    // have repetitions (11.5 ms, not resolved), at 2000/s one side is a single run
    SuiteSpec.Headline headline = new SuiteSpec.Headline("e2e-p99", "engine", "baseline");
    HeadlineSection.Control control =
        HeadlineSection.of(model(ReportHtmlTest.suite()), headline).control();
    assertEquals(new HeadlineSection.Control("baseline", 2, 1, 0), control);
    assertTrue(
        HeadlineSection.lines(model(ReportHtmlTest.suite()), headline)
            .contains(
                "Control: baseline runs the same configuration as the value it is set beside, so"
                    + " a difference called resolved between the two is a false alarm of the rule"
                    + " that judges the others. False alarms: 0 of 1 pair (0.0%); 1 without a"
                    + " noise estimate."));
    assertEquals(
        null,
        HeadlineSection.of(
                model(ReportHtmlTest.suite()), new SuiteSpec.Headline("e2e-p99", "engine"))
            .control());
  }

  @Test
  void anUnknownFigureIsRefusedInOneLine() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> HeadlineSection.check(new SuiteSpec.Headline("speed", "engine")));
    assertTrue(e.getMessage().startsWith("headline: unknown figure 'speed'; one of sustainable, "));
  }

  private static RunResult.Fault killed(String process, Double recoverySeconds) {
    return ReportFixtures.killed("kill:worker@8s", process, recoverySeconds);
  }

  @Test
  void aFaultsRecoveryIsAFigureAndARunThatDidNotRecoverIsNamedAsLeftOut() throws Exception {
    StoredSuite s = ReportHtmlTest.suite();
    Map<String, RunResult> runs = new LinkedHashMap<>(s.runs());
    for (String id : List.of("flink-1000-1", "flink-1000-2", "baseline-1000-1")) {
      runs.put(id, ReportFixtures.withFaults(runs.get(id), List.of(killed("worker-1", 4.0))));
    }
    runs.put(
        "baseline-1000-2",
        ReportFixtures.withFaults(runs.get("baseline-1000-2"), List.of(killed("worker-1", null))));
    List<String> lines =
        HeadlineSection.lines(
            model(new StoredSuite(s.suite(), s.points(), runs)),
            new SuiteSpec.Headline("fault-recovery", "engine"));
    assertEquals("## Headline: recovery (s) across engine", lines.get(0));
    assertTrue(
        lines.contains("  - baseline: 1 of its 2 valid runs without a value (2 valid), left out"),
        lines.toString());
  }
}
