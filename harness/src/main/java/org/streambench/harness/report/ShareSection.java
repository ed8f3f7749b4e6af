package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.RunResult;

/**
 * What each worker of a cluster held, run by run, for the engines that report it: which workers
 * were spares, and who took a dead worker's share over, and when.
 */
final class ShareSection {
  private ShareSection() {}

  static final List<String> HEADER = List.of("configuration", "run", "worker", "share");

  static final String NOTE =
      "Share: what the worker held (input partitions, or Flink's subtasks) from the steady state's"
          + " start, and each change with its time in seconds from that start; none (a spare):"
          + " it held nothing (docs/engines.md).";

  static boolean applies(ReportModel m) {
    return m.configurations().stream()
        .flatMap(c -> c.runs().stream())
        .anyMatch(r -> r.workers() != null);
  }

  /** One row per worker of every run that reported shares, cells as {@link #HEADER} names them. */
  static List<List<String>> rows(ReportModel m) {
    List<List<String>> rows = new ArrayList<>();
    for (Configuration c : m.configurations()) {
      for (Configuration.Member member : c.members()) {
        RunResult r = member.run();
        if (r.workers() != null) {
          for (RunResult.WorkerShare w : r.workers()) {
            rows.add(List.of(c.name(), member.label(), w.process(), w.describe()));
          }
        }
      }
    }
    return rows;
  }
}
