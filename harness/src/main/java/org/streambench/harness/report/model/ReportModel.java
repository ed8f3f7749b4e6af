package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/**
 * What a report shows: the selected runs grouped into configurations, with the suite they came from
 * (if any) and each run's latency distribution.
 *
 * @param title the page's heading
 * @param selection how the runs were chosen, one line
 * @param suite the suite, or null for a selection of runs
 * @param configurations every configuration, in order
 * @param common the labels every configuration shares
 * @param distributions each run's latency distributions by run id
 */
public record ReportModel(
    String title,
    String selection,
    SuiteRecord suite,
    List<Configuration> configurations,
    Map<String, String> common,
    Map<String, List<LatencyDistribution>> distributions) {

  /** A suite's points and the runs they took. */
  public static ReportModel ofSuite(StoredSuite stored) {
    SuiteRecord suite = stored.suite();
    String selection =
        String.format(
            "Suite %s (%s), %s, started %s%s.",
            suite.name(),
            suite.suiteId(),
            suite.status(),
            suite.startedAt(),
            suite.file() == null ? "" : ", file " + suite.file());
    return build(
        "suite " + suite.name(),
        selection,
        suite,
        Configurations.fromSuite(stored.points(), stored.runs()));
  }

  /** Stored runs, grouped by their settings. */
  public static ReportModel ofRuns(String title, String selection, List<RunResult> runs) {
    return build(title, selection, null, Configurations.fromRuns(runs));
  }

  private static ReportModel build(
      String title, String selection, SuiteRecord suite, List<Configuration> configurations) {
    Map<String, List<LatencyDistribution>> distributions = new LinkedHashMap<>();
    for (Configuration c : configurations) {
      c.runs()
          .forEach(r -> distributions.computeIfAbsent(r.runId(), id -> LatencyDistribution.of(r)));
    }
    Map<String, String> common =
        Configurations.common(configurations.stream().map(Configuration::labels).toList());
    return new ReportModel(title, selection, suite, configurations, common, distributions);
  }

  /** Every run once, in configuration order. */
  public List<RunResult> runs() {
    Map<String, RunResult> byId = new LinkedHashMap<>();
    configurations.forEach(c -> c.runs().forEach(r -> byId.putIfAbsent(r.runId(), r)));
    return new ArrayList<>(byId.values());
  }

  /** Configurations of measured runs (not searches). */
  public List<Configuration> measured() {
    return configurations.stream().filter(c -> !c.search()).toList();
  }

  /** Configurations of sustainable-throughput searches. */
  public List<Configuration> searches() {
    return configurations.stream().filter(Configuration::search).toList();
  }

  /** The configuration (and label within it) each run belongs to. */
  public Map<String, String> memberNames() {
    Map<String, String> names = new LinkedHashMap<>();
    for (Configuration c : configurations) {
      c.members().forEach(m -> names.putIfAbsent(m.run().runId(), c.name() + " · " + m.label()));
    }
    return names;
  }
}
