package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streambench.harness.report.model.ReportFixtures.point;
import static org.streambench.harness.report.model.ReportFixtures.run;
import static org.streambench.harness.report.model.ReportFixtures.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.MedianInterval;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** The HTML of a suite with a rate sweep, repetitions, an invalid run and a search. */
public class ReportHtmlTest {
  static final String EVIL_REASON = "lost 5 <script>alert(1)</script> & more";
  private static String html;

  /** flink and baseline at 1000 and 2000 records/s, 2 repetitions each, and a flink search. */
  public static StoredSuite suite() {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (String engine : List.of("flink", "baseline")) {
      for (long rate : List.of(1000L, 2000L)) {
        for (int rep = 1; rep <= 2; rep++) {
          String id = engine + "-" + rate + "-" + rep;
          boolean invalid = engine.equals("baseline") && rate == 2000 && rep == 2;
          RunResult r =
              invalid
                  ? run(id, engine, rate, "invalid", 90, 0.01, List.of(EVIL_REASON))
                  : run(id, engine, rate, rate / 100.0 + rep);
          runs.put(id, r);
          PointOutcome p = point(engine, rate, rep, id);
          if (engine.equals("flink")) {
            p.labels().put("param:note", "<b>bold</b>");
          }
          points.add(p);
        }
      }
    }
    List<PointOutcome.Trial> trials =
        List.of(
            new PointOutcome.Trial(5000, "t1", true, "backlog slope +0 records/s"),
            new PointOutcome.Trial(
                10000, "t2", false, "backlog slope +900 records/s: not keeping up"),
            new PointOutcome.Trial(7500, "t3", true, "backlog slope +10 records/s"));
    trials.forEach(t -> runs.put(t.runId(), run(t.runId(), "flink", t.rate(), 5)));
    points.add(search("flink", 1, trials, 7500));
    SuiteRecord record =
        new SuiteRecord(
            "s1",
            "demo <i>suite</i>",
            "suites/demo.yaml",
            "2026-01-01T00:00:00Z",
            null,
            "completed",
            "{}");
    return new StoredSuite(record, points, runs);
  }

  @BeforeAll
  static void render() {
    html = HtmlReport.render(ReportModel.ofSuite(suite()), Map.of("(CSV: runs)", "r-runs.csv"));
  }

  @Test
  void hasOneSvgPerExpectedChart() {
    int perConfiguration = 5 * 3; // 4 measured + 1 search; distribution, time series, CPU each
    int throughput = 1;
    int rateCurves = 1 + 2; // the p99 comparison and one per engine
    int searches = 2; // sustainable rate bars and the trial chart
    int processes = 2; // CPU and memory
    assertEquals(
        perConfiguration + throughput + rateCurves + searches + processes, count(html, "<svg"));
    for (String title :
        List.of(
            "Throughput in (steady state)",
            "End-to-end p99 latency vs rate",
            "Highest sustainable rate",
            "Peak memory per process (median)")) {
      assertTrue(html.contains(title), title);
    }
  }

  @Test
  void needsNothingFromTheNetwork() {
    String withoutNamespaces = html.replaceAll("xmlns(:\\w+)?=(\"[^\"]*\"|'[^']*')", "");
    assertFalse(withoutNamespaces.contains("http"), "only XML namespaces may name a URL");
    assertFalse(html.contains("<script"), "no script at all");
    assertFalse(html.contains("<link"), "no external style sheet");
    assertFalse(html.contains("src="), "no external image or frame");
  }

  @Test
  void escapesEveryText() {
    assertFalse(html.contains("<script>alert"));
    assertTrue(html.contains("lost 5 &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
    assertFalse(html.contains("<b>bold</b>"), "labels are escaped in tables and in SVG text");
    assertFalse(html.contains("<i>suite</i>"));
    assertTrue(html.contains("demo &lt;i&gt;suite&lt;/i&gt;"));
  }

  @Test
  void marksTheInvalidRunLoudly() {
    assertTrue(html.contains("1 of 11 runs are NOT VALID"), "8 measured runs and 3 trials");
    assertTrue(html.contains("<td class=\"bad nowrap\">1 of 2 NOT VALID, 1 valid</td>"));
    assertTrue(html.contains("<summary class=\"bad\"><code>baseline-2000-2</code>"));
  }

  @Test
  void leavesInvalidRunsOutOfTheFigures() {
    // baseline at 2000/s: the valid run's p99 is 21 ms, the invalid one's 90 ms
    Configuration c =
        ReportModel.ofSuite(suite()).configurations().stream()
            .filter(x -> x.key().equals("engine=baseline,rate=2000"))
            .findFirst()
            .orElseThrow();
    assertEquals(
        new Spread(1, 21, 21, 21, new MedianInterval(1, 1, 21, 21, 0)), c.spread(Figure.E2E_P99));
  }

  @Test
  void listsTheSearchTrials() {
    assertTrue(html.contains("Highest sustainable rate: 7,500 records/s"));
    assertTrue(html.contains("backlog slope +900 records/s: not keeping up"));
    assertTrue(html.contains("<a href=\"#run-t2\">t2</a>"));
    // the summary's search row: the rate, and the input per engine core of the trial at it
    assertTrue(html.contains("in per engine core there (rec/s)"), html);
    assertTrue(html.contains("<td class=\"num\">7,500</td>\n<td class=\"num\">15,000</td>"), html);
  }

  @Test
  void aFailedRunGetsNoEmptyCharts() {
    String page =
        HtmlReport.render(
            ReportModel.ofRuns(
                "runs", "one failed run", List.of(ReportFixtures.failed("f1", "flink", 1000))),
            Map.of());
    assertEquals(0, count(page, "<svg"), "no chart without a figure to draw");
    assertTrue(page.contains("FAILED (verdict unknown): engine never became ready"));
    assertTrue(page.contains("<td class=\"bad nowrap\">1 of 1 NOT VALID</td>"));
  }

  private static int count(String s, String what) {
    Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
