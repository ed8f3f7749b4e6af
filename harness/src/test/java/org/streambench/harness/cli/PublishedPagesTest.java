package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.Home;
import org.streambench.harness.report.ReportHtmlTest;
import org.streambench.harness.report.ResultsPage;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

/** Pages published with their stored suite, and the check that finds any word that is not its. */
class PublishedPagesTest {
  private static final String SUITE_FILE =
      "# Measures a demo.\n"
          + "# Figure: p99 per engine (ms).\n"
          + "description: A demo of two engines\n"
          + "study: demo-study\n"
          + "question: Which engine answers sooner?\n"
          + "headline: {figure: e2e-p99, across: engine}\n"
          + "engines: [flink, baseline]\n"
          + "workloads: [identity]\n"
          + "rates: [1000, 2000]\n"
          + "repetitions: 2\n";

  @TempDir Path root;
  private Path dir;
  private PublishedPages pages;
  private String suiteId;

  private static final String STUDIES =
      "studies:\n"
          + "  - id: demo-study\n"
          + "    title: A demo study\n"
          + "    not-measured:\n"
          + "      - question: Does it scale out?\n"
          + "        why: one machine here\n";

  @BeforeEach
  void publishTheDemo() throws Exception {
    Files.createDirectories(root.resolve("suites"));
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(root.resolve("docs/studies.yaml"), STUDIES);
    Path file = root.resolve("suites/demo.yaml");
    Files.writeString(file, SUITE_FILE);
    StoredSuite fixture = ReportHtmlTest.suite();
    // without the escaping test's extra label on flink's points: the engines then share their rates
    fixture.points().forEach(p -> p.labels().remove("param:note"));
    SuiteRecord r = fixture.suite();
    suiteId = r.suiteId();
    SuiteRecord demo =
        new SuiteRecord(
            r.suiteId(),
            "demo",
            "suites/demo.yaml",
            r.startedAt(),
            r.finishedAt(),
            r.status(),
            SuiteSpec.read(file, false).toJson());
    dir = root.resolve("docs/results");
    pages = new PublishedPages(new Home(root, root.resolve("runs")), dir);
    pages.publish(new StoredSuite(demo, fixture.points(), fixture.runs()));
  }

  @Test
  void aPublishedPageKeepsItsSuiteAndPassesTheCheck() throws Exception {
    assertTrue(Files.isRegularFile(dir.resolve("demo/suite.json")));
    String page = Files.readString(dir.resolve("demo.md"));
    assertTrue(
        page.contains("p99 per engine (ms).\n\n## Headline: e2e p99 (ms) across engine"), page);
    assertEquals(List.of(), pages.check().differences());
    assertEquals(List.of(), pages.uncheckable());
    String index = Files.readString(dir.resolve("README.md"));
    assertTrue(
        index.contains(
            "| A demo study | Which engine answers sooner? | e2e p99 (ms) across engine, rate=1000:"
                + " e2e p99 (ms): flink 11.5, baseline 11.5 (1.00×, not resolved (smallest"
                + " resolvable 8.7%))<br>e2e p99 (ms) across engine, rate=2000: "),
        "the study's question, answered by the page's headline sentences: " + index);
    assertTrue(
        index.matches(
            "(?s).* \\| [0-2] of 2 differences resolved[^|]* \\| \\[demo\\]\\(demo.md\\) \\|\n.*"),
        "how many of the answer's differences are resolved: " + index);
    assertTrue(
        index.contains("|  | Does it scale out? | not measured here | one machine here | – |"),
        "the study's question no suite answers, with why: " + index);
    assertTrue(
        index.contains(
            "| [demo](demo.md) | A demo of two engines | 2 (below the standard, 3) | `"
                + suiteId
                + "` | 2 cores | yes, against [its stored suite](demo/suite.json) |"),
        index);
  }

  @Test
  void aShippedSuiteWithoutAPageAsksItsQuestionUnanswered() throws Exception {
    Files.writeString(
        root.resolve("suites/later.yaml"),
        SUITE_FILE.replace("Which engine answers sooner?", "Will it run later?"));
    pages.rewrite();
    String index = Files.readString(dir.resolve("README.md"));
    assertTrue(
        index.contains(
            "|  | Will it run later? | not measured yet | no page yet: run its suite |"
                + " `suites/later.yaml` |"),
        index);
    assertTrue(!index.contains("[later](later.md)"), "no page of it is listed: " + index);
  }

  @Test
  void pagesMeasuredOnAnotherProcessorThanTheStandardAreSetApart() throws Exception {
    Files.writeString(root.resolve("docs/studies.yaml"), "processor: AMD EPYC\n" + STUDIES);
    assertTrue(
        pages.check().differences().get(0).startsWith("README.md is not the index the pages give"));
    pages.rewrite();
    String index = Files.readString(dir.resolve("README.md"));
    assertTrue(index.contains("measured on one processor type, AMD EPYC"), index);
    assertTrue(
        index.contains(
            "| A demo study | Which engine answers sooner? | – | measured on another processor (2"
                + " cores): run its suite again here | [demo](demo.md) |"),
        index);
    String appendix = index.substring(index.indexOf("## Appendix: pages not measured on AMD EPYC"));
    assertTrue(appendix.contains("| [demo](demo.md) | A demo of two engines | 2 "), appendix);
  }

  @Test
  void aFigureEditedByHandIsFoundWithItsLine() throws Exception {
    Path page = dir.resolve("demo.md");
    List<String> lines = Files.readAllLines(page);
    int row = 0;
    while (!lines.get(row).startsWith("| flink, ")) {
      row++;
    }
    // the row's fourth cell, throughput in: one figure made a little better
    String[] cells = lines.get(row).split(" \\| ");
    cells[3] = cells[3].replaceFirst("^(\\d)", "9");
    lines.set(row, String.join(" | ", cells));
    Files.write(page, lines);

    List<String> problems = pages.check().differences();
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(
        problems.get(0).startsWith("demo.md: line " + (row + 1) + " is \""), problems.get(0));
  }

  @Test
  void aSuiteFilesChangedCommentOrSettingsMakeThePageStale() throws Exception {
    Path file = root.resolve("suites/demo.yaml");
    Files.writeString(file, SUITE_FILE.replace("Measures a demo.", "Measures a demo again."));
    assertTrue(
        pages.check().differences().get(0).startsWith("demo.md: line 5 is"),
        pages.check().differences().toString());

    Files.writeString(file, SUITE_FILE.replace("rates: [1000, 2000]", "rates: [1000, 3000]"));
    assertTrue(
        pages
            .check()
            .differences()
            .get(0)
            .contains("its suite file no longer runs what the stored suite ran"),
        pages.check().differences().toString());
  }

  @Test
  void theIndexIsGeneratedAndAPageWithoutItsSuiteIsNotCheckable() throws Exception {
    Files.writeString(
        dir.resolve("old.md"),
        "# old\n\n- Parameters: 1 repetition; warm-up 10s\n- Suite `20250101-000000-old`, completed\n");
    assertEquals(List.of("old"), pages.uncheckable());
    // the index no longer lists every page
    assertTrue(
        pages.check().differences().get(0).startsWith("README.md is not the index the pages give"));

    assertEquals(1, pages.rewrite().size());
    assertEquals(List.of(), pages.check().differences());
    String index = Files.readString(dir.resolve("README.md"));
    assertTrue(
        index.contains(
            "| [old](old.md) | – | 1 (below the standard, 3) | `20250101-000000-old` | – | not"
                + " checkable |"),
        index);
    assertTrue(
        index.contains(
            "| not tied to a study | – | – | its page is not checkable: run its suite again"
                + " | [old](old.md) |"),
        index);
  }

  @Test
  void aSuiteReadBackFromItsFileWritesTheSamePageAsTheDatabasesCopy() throws Exception {
    StoredSuite fixture = ReportHtmlTest.suite();
    Path file = root.resolve("copy.json");
    fixture.write(file);
    assertEquals(
        ResultsPage.markdown(ReportModel.ofSuite(fixture), SUITE_FILE, "regenerate", List.of()),
        ResultsPage.markdown(
            ReportModel.ofSuite(StoredSuite.read(file)), SUITE_FILE, "regenerate", List.of()));
  }

  @Test
  void twoPagesThatMeasuredTheSameConfigurationApartSaySoAndLinkEachOther() throws Exception {
    Path file = root.resolve("suites/other.yaml");
    Files.writeString(file, SUITE_FILE.replace("A demo of two engines", "The demo again"));
    // flink at 1000 records/s again, its p99 four times the demo's (11 and 12 ms there)
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (int rep = 1; rep <= 2; rep++) {
      String id = "again-" + rep;
      runs.put(id, ReportFixtures.run(id, "flink", 1000, 48.0 + rep));
      points.add(ReportFixtures.point("flink", 1000, rep, id));
    }
    SuiteRecord again =
        new SuiteRecord(
            "s2",
            "other",
            "suites/other.yaml",
            "2026-01-02T00:00:00Z",
            "2026-01-02T00:10:00Z",
            "completed",
            SuiteSpec.read(file, false).toJson());
    pages.publish(new StoredSuite(again, points, runs));

    assertEquals(
        List.of(), pages.check().differences(), "publishing one suite writes the other's page too");
    String demo = Files.readString(dir.resolve("demo.md"));
    String other = Files.readString(dir.resolve("other.md"));
    assertTrue(
        demo.contains("**This page disagrees beyond their noise with [other](other.md)"), demo);
    assertTrue(
        other.contains("**This page disagrees beyond their noise with [demo](demo.md)"), other);
    assertTrue(
        demo.contains(
            "- **DISAGREE beyond their noise**: flink, rate=1k/s, e2e p99 (ms) 11.5 [11.0–12.0]"
                + " here, 49.5 [49.0–50.0] on [other](other.md) (as flink): there +330.4%,"
                + " resolved"),
        demo);
    assertTrue(
        Files.readString(dir.resolve("README.md"))
            .contains(
                "yes, against [its stored suite](demo/suite.json); **Disagrees beyond their noise"
                    + " with [other](other.md) on a configuration both measured** |"));
    assertEquals(
        List.of(
            "demo and other, flink, rate=1k/s: e2e p50 (ms)",
            "demo and other, flink, rate=1k/s: e2e p99 (ms)"),
        pages.check().disagreements());
  }
}
