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
    assertTrue(out.contains("single run, ±SD per second"), out);
    assertTrue(out.contains("<< CHANGED"), out);
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
