package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

/** {@code --publish [DIR]} of {@code suite} and {@code report}: a suite's results page. */
final class ResultsPublisher {
  /** The option's description, shared by both commands. */
  static final String DESCRIPTION =
      "Write the suite's results page, DIR/<suite>.md with its charts in DIR/<suite>/ (default DIR:"
          + " docs/results of this checkout), as shipped with streambench, with the stored suite"
          + " beside it (DIR/<suite>/suite.json) and the index DIR/README.md. Into docs/results it"
          + " refuses a tree with uncommitted changes (results pages aside), jars older than"
          + " their sources, and a suite whose runs came from such a tree.";

  private ResultsPublisher() {}

  /** Where {@code --publish} writes: the option's directory, or the checkout's docs/results. */
  static Path directory(Home home, String option) {
    return option == null || option.isBlank()
        ? home.root().resolve("docs").resolve("results")
        : Path.of(option);
  }

  /** Keeps the suite beside its page, writes the page and the index, and says where. */
  static void publish(ResultStore store, SuiteRecord suite, Home home, Path dir)
      throws IOException, SQLException {
    PublishGuard.requireCitable(home, dir);
    // the charts are drawn into SVG, never on a screen
    System.setProperty("java.awt.headless", "true");
    // as stored now: a suite that has just finished has its end time only there
    StoredSuite stored = StoredSuite.load(store, store.suites().find(suite.suiteId()));
    PublishGuard.requireCleanRuns(home, dir, List.copyOf(stored.runs().values()));
    Path page = new PublishedPages(home, dir).publish(stored);
    System.out.println("results page: " + page.toAbsolutePath());
  }

  /** The suite file as it is now, or null if it cannot be found. */
  static Path suiteFile(Home home, String file) {
    if (file == null) {
      return null;
    }
    for (Path p : new Path[] {Path.of(file), home.root().resolve(file)}) {
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  /**
   * The command that runs the stored suite again: its file, with {@code --quick} if the stored spec
   * is the file's quick variant, with {@code --cpus} if the suite ran on a placement its file does
   * not name (the machine's default, or {@code suite --cpus}) and {@code --agents} if it ran on
   * agents its file does not name; null if the file (gone, or changed) runs something else.
   */
  static String regenerate(Path file, SuiteRecord suite) {
    if (file == null) {
      return null;
    }
    try {
      // both read by this version (a stored spec may lack fields added since)
      SuiteSpec ran = SuiteSpec.fromJson(suite.specJson());
      for (boolean quick : new boolean[] {false, true}) {
        SuiteSpec asFiled = SuiteSpec.read(file, quick);
        String cpus = Objects.equals(asFiled.cpus(), ran.cpus()) ? null : ran.cpus();
        SuiteSpec placed = cpus == null ? asFiled : asFiled.withCpus(cpus);
        List<String> agents = asFiled.agents().equals(ran.agents()) ? null : ran.agents();
        if (agents != null) {
          placed = placed.withAgents(agents);
        }
        if (placed.runsTheSameAs(ran)) {
          return "./streambench suite "
              + suite.file()
              + (quick ? " --quick" : "")
              + (cpus == null ? "" : " " + CpuOptions.OPTION + " " + cpus)
              + (agents == null ? "" : " --agents " + String.join(",", agents))
              + " --publish";
        }
      }
    } catch (UsageException e) {
      // no longer a suite file
    }
    return null;
  }
}
