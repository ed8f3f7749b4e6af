package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.FaultSilence;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.RunResult;

/**
 * Faults and recovery side by side: one row per fault of every run that had faults, valid or not (a
 * guarantee broken under a fault is the finding), with the run's lost and duplicated records.
 */
final class FaultSection {
  private FaultSection() {}

  static boolean applies(ReportModel m) {
    return m.configurations().stream()
        .flatMap(c -> c.runs().stream())
        .anyMatch(r -> r.faults() != null && !r.faults().isEmpty());
  }

  static final List<String> HEADER =
      List.of(
          "configuration",
          "run",
          "verdict",
          "lost / dup",
          "fault",
          "process",
          "at (s)",
          "back after (s)",
          "output gap (ms)",
          "noticed (s)",
          "silent (s)",
          "recovery (s)",
          "peak p99 (ms)",
          "peak owed (records)");

  static final String NOTE =
      "Recovery: from the fault until three consecutive seconds with output at 95 % or more of"
          + " the output rate before the first fault and p99 at most 1.5 times the p99 before"
          + " it; output gap: until the first record after the fault, which may have been on its"
          + " way already; noticed: until the first line of the engine's logs that shows it noticed"
          + " (its fault.noticed lines), and whose log; silent: the longest run of whole seconds"
          + " without output until recovery;"
          + " peak owed: the most output records held back. Definitions in docs/faults.md.";

  /** One row per fault, cells as {@link #HEADER} names them. */
  static List<List<String>> rows(ReportModel m) {
    List<List<String>> rows = new ArrayList<>();
    for (Configuration c : m.configurations()) {
      for (Configuration.Member member : c.members()) {
        RunResult r = member.run();
        if (r.faults() == null) {
          continue;
        }
        for (RunResult.Fault f : r.faults()) {
          rows.add(
              List.of(
                  c.name(),
                  member.label(),
                  r.status() + " / " + r.verdict(),
                  count(r, "lost") + " / " + count(r, "duplicated"),
                  f.fault(),
                  f.process() == null ? "(none)" : f.process(),
                  Format.number(f.atSeconds()),
                  f.backAfterSeconds() == null ? "left down" : Format.number(f.backAfterSeconds()),
                  f.outputGapMillis() == null ? "no output" : Format.number(f.outputGapMillis()),
                  RunResult.Notice.cell(f.noticed()),
                  FaultSilence.cell(r, f),
                  f.recoverySeconds() == null ? f.recovery() : Format.number(f.recoverySeconds()),
                  Format.number(f.peakP99Millis()),
                  Format.number(f.peakBacklog())));
        }
      }
    }
    return rows;
  }

  static void write(Html h, ReportModel m) {
    h.open("table", "summary");
    h.open("thead", null).row(true, HEADER.toArray(String[]::new)).close("thead");
    h.open("tbody", null);
    rows(m).forEach(row -> h.row(false, row.toArray(String[]::new)));
    h.close("tbody").close("table");
    h.element("p", "note", NOTE);
  }

  private static String count(RunResult r, String kind) {
    Long n = r.verification() == null ? null : r.verification().get(kind);
    return n == null ? "-" : Long.toString(n);
  }
}
