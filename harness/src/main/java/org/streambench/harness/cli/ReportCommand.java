package org.streambench.harness.cli;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.ReportWriter;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench report}: an HTML report with charts, and its data as CSV and JSON. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a self-contained HTML report (charts inlined as SVG, viewable offline) of a suite, a"
          + " set of runs or a query, and beside it the data as CSV tables and one JSON file.",
      "Default: the latest suite; if there is none, the latest runs."
    })
final class ReportCommand implements Callable<Integer> {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Option(names = "--suite", paramLabel = "ID", description = "A suite id (or a unique prefix).")
  String suite;

  @Option(
      names = "--runs",
      split = ",",
      paramLabel = "ID",
      description = "Runs by id or unique prefix, comma-separated.")
  List<String> runs;

  @Option(
      names = "--where",
      paramLabel = "CONDITION",
      description =
          "Runs matching an SQL condition on the runs table, e.g. \"engine = 'flink' AND workload"
              + " = 'identity'\" (columns: run_id, started_at, engine, workload, mode, guarantee,"
              + " parallelism, status, verdict, config_hash).")
  String where;

  @Option(
      names = "--latest",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "Without a suite stored: how many of the latest runs (default: ${DEFAULT-VALUE}).")
  int latest;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "The HTML file (default: reports/report-<suite or time>.html in the data directory).")
  Path out;

  @Option(
      names = "--publish",
      paramLabel = "DIR",
      arity = "0..1",
      fallbackValue = "",
      description = ResultsPublisher.DESCRIPTION + " Instead of the HTML report; needs a suite.")
  String publish;

  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    if (Stream.of(suite, runs, where).filter(o -> o != null).count() > 1) {
      throw new UsageException("choose one of --suite, --runs and --where");
    }
    // the charts are drawn into SVG, never on a screen: no display needed even if one is set
    System.setProperty("java.awt.headless", "true");
    Home home = data.home();
    ReportModel model;
    try (ResultStore store = data.open(home)) {
      model = select(store);
      if (publish != null) {
        if (model.suite() == null) {
          throw new UsageException(
              "--publish writes a suite's page: give --suite ID (or none, for the latest suite)");
        }
        ResultsPublisher.publish(
            store, model.suite(), home, ResultsPublisher.directory(home, publish));
        return 0;
      }
    }
    if (model.runs().isEmpty()) {
      throw new UsageException("nothing to report: " + model.selection() + " has no stored runs");
    }
    Path file = out != null ? out : home.dataDir().resolve("reports").resolve(defaultName(model));
    List<Path> written = ReportWriter.write(model, file);
    System.out.println("report: " + written.get(0).toAbsolutePath());
    System.out.println(
        "data:   "
            + String.join(
                ", ",
                written.subList(1, written.size()).stream()
                    .map(p -> p.getFileName().toString())
                    .toList()));
    return 0;
  }

  private ReportModel select(ResultStore store) throws Exception {
    if (suite != null) {
      SuiteRecord s = store.suites().find(suite);
      if (s == null) {
        throw new UsageException("no suite with id (or unique prefix) '" + suite + "'");
      }
      return ReportModel.ofSuite(StoredSuite.load(store, s));
    }
    if (runs != null) {
      List<RunResult> found = new ArrayList<>();
      for (String id : runs) {
        RunResult r = store.find(id);
        if (r == null) {
          throw new UsageException("no stored run with id (or unique prefix) '" + id + "'");
        }
        found.add(r);
      }
      return ReportModel.ofRuns("runs", found.size() + " runs given by id.", found);
    }
    if (where != null) {
      try {
        return ReportModel.ofRuns("query", "Runs where " + where + ".", store.where(where));
      } catch (SQLException e) {
        throw new UsageException("--where: " + e.getMessage());
      }
    }
    SuiteRecord newest = store.suites().latest();
    if (newest != null) {
      return ReportModel.ofSuite(StoredSuite.load(store, newest));
    }
    return ReportModel.ofRuns(
        "latest runs", "The latest " + latest + " runs (no suite stored).", store.recent(latest));
  }

  private static String defaultName(ReportModel model) {
    String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
    String what = model.suite() != null ? model.suite().suiteId() : "runs-" + stamp;
    return "report-" + what.replaceAll("[^A-Za-z0-9._-]", "_") + ".html";
  }
}
