package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.SuiteRecord;
import picocli.CommandLine;

/** {@code streambench compare A B}: two stored runs, or one line and exit 2 for a bad id. */
class CompareCommandTest {
  @TempDir Path dir;

  @BeforeEach
  void store() throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("results.db"))) {
      store.save(
          ReportFixtures.run(
              "20260101-000001-flink-aaaa", "flink", 1000, "valid", 5, 0.01, List.of()));
      store.save(
          ReportFixtures.run(
              "20260101-000002-flink-bbbb", "flink", 1000, "valid", 9, 0.01, List.of()));
    }
  }

  private int run(StringWriter err, String... args) {
    CommandLine cl = StreambenchCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--db";
    all[args.length + 1] = dir.resolve("results.db").toString();
    return cl.execute(all);
  }

  @Test
  void printsTheFlaggedDifferenceOfTwoRuns() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, run(new StringWriter(), "compare", "20260101-000001", "20260101-000002"));
    } finally {
      System.setOut(original);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("e2e p99 (ms)"), out);
    assertTrue(out.contains("+80.0%"), out);
    assertTrue(out.contains("single run, within-run ±SD per second"), out);
    assertTrue(out.contains("<< beyond within-run noise only: repeat to resolve"), out);
    assertTrue(out.contains("REGRESSION > 5.0% (A single run)"), out);
  }

  /** stdout of a command that exits 0. */
  private String output(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, run(new StringWriter(), args));
    } finally {
      System.setOut(original);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theThresholdSetsTheRegressionRulesFixedShare() {
    String out = output("compare", "20260101-000001", "20260101-000002", "--threshold", "100");
    assertTrue(out.contains("ok ≤ 100% (A single run)"), out);
    assertTrue(out.contains("larger of 100% (--threshold)"), out);
  }

  @Test
  void aaPairsOfAStoredSuiteReportTheFalseAlarmRate() throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("results.db"))) {
      store
          .suites()
          .start(new SuiteRecord("s-aa", "aa", null, "2026-01-02T00:00:00Z", null, "done", "{}"));
      store
          .suites()
          .savePoint("s-aa", ReportFixtures.point("flink", 1000, 1, "20260101-000001-flink-aaaa"));
      store
          .suites()
          .savePoint("s-aa", ReportFixtures.point("flink", 1000, 2, "20260101-000002-flink-bbbb"));
    }
    String out = output("compare", "--aa", "s-aa");
    assertTrue(out.contains("A/A pairs: suite aa (s-aa), odd repetitions"), out);
    // e2e p99 5 ms in repetition 1, 9 ms in repetition 2: one false alarm of the rule
    assertTrue(out.lines().anyMatch(l -> l.matches("e2e p99 \\(ms\\) +1 +1 +100%.*")), out);
    assertTrue(out.contains("false-alarm rate of the regression rule (5.0% or twice"), out);
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "compare", "--aa", "s-aa", "20260101-000001"));
    assertEquals("streambench: --aa takes one suite and no A B", err.toString().strip());
  }

  @Test
  void anUnknownOrAmbiguousIdIsOneLineAndExitTwo() {
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "compare", "nope", "20260101-000001"));
    assertEquals(
        "streambench: no run or suite with id (or unique prefix) 'nope' (unknown or ambiguous)",
        err.toString().strip());
    assertEquals(
        2, run(new StringWriter(), "compare", "2026", "20260101-000001"), "ambiguous prefix");
  }
}
