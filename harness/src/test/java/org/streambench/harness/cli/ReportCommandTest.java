package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.SuiteRecord;
import picocli.CommandLine;

/** {@code streambench report} picks its runs and writes the report where asked. */
class ReportCommandTest {
  @TempDir Path dir;

  @BeforeEach
  void store() throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("results.db"))) {
      store.save(ReportFixtures.run("20260101-000001-flink-aaaa", "flink", 1000, 5));
      store.save(ReportFixtures.run("20260101-000002-baseline-bbbb", "baseline", 1000, 3));
    }
  }

  private int run(StringWriter err, String... args) {
    CommandLine cl = StreambenchCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 4];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--db";
    all[args.length + 1] = dir.resolve("results.db").toString();
    all[args.length + 2] = "--data-dir";
    all[args.length + 3] = dir.toString();
    return cl.execute(all);
  }

  @Test
  void withoutASuiteReportsTheLatestRuns() throws Exception {
    assertEquals(0, run(new StringWriter(), "report"));
    List<Path> reports;
    try (var files = Files.list(dir.resolve("reports"))) {
      reports = files.filter(p -> p.toString().endsWith(".html")).toList();
    }
    assertEquals(1, reports.size());
    String html = Files.readString(reports.get(0));
    assertTrue(
        html.contains("20260101-000001-flink-aaaa")
            && html.contains("20260101-000002-baseline-bbbb"));
  }

  @Test
  void reportsTheLatestSuiteByDefault() throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("results.db"))) {
      store
          .suites()
          .start(
              new SuiteRecord(
                  "s-1", "demo", null, "2026-01-02T00:00:00Z", null, "completed", "{}"));
      store
          .suites()
          .savePoint("s-1", ReportFixtures.point("flink", 1000, 1, "20260101-000001-flink-aaaa"));
    }
    Path out = dir.resolve("out/demo.html");
    assertEquals(0, run(new StringWriter(), "report", "--out", out.toString()));
    String html = Files.readString(out);
    assertTrue(html.contains("streambench report: suite demo"));
    assertTrue(!html.contains("20260101-000002-baseline-bbbb"), "only the suite's runs");
    assertTrue(Files.isRegularFile(dir.resolve("out/demo-runs.csv")));
  }

  @Test
  void anUnknownSelectionIsBadUsage() {
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "report", "--runs", "nope"));
    assertTrue(
        err.toString().contains("no stored run with id (or unique prefix) 'nope'"), err.toString());
    assertEquals(2, run(new StringWriter(), "report", "--suite", "nope"));
    assertEquals(2, run(new StringWriter(), "report", "--where", "no_such_column = 1"));
    assertEquals(2, run(new StringWriter(), "report", "--where", "engine = 'x'"));
    assertEquals(2, run(new StringWriter(), "report", "--suite", "a", "--runs", "b"));
  }
}
