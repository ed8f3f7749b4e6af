package org.streambench.harness.summary;

import java.util.List;
import java.util.Optional;
import org.streambench.harness.report.model.FaultSilence;
import org.streambench.harness.results.RunResult;

/** The run table's rows for the faults of the runs (docs/faults.md). */
final class FaultRows {
  private FaultRows() {}

  /**
   * Three rows per fault: what hit which process when, the output gap, silence and recovery, the
   * peaks.
   */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs) {
    int most =
        runs.stream().mapToInt(r -> r.faults() == null ? 0 : r.faults().size()).max().orElse(0);
    for (int i = 0; i < most; i++) {
      int n = i;
      rows.add(
          new SummaryTable.Row(
              "fault " + (n + 1) + " at (s)",
              r ->
                  fault(r, n)
                      .map(
                          f ->
                              String.format(
                                  "%s %s @ %.1f",
                                  f.action(),
                                  f.process() == null ? "(none)" : f.process(),
                                  f.atSeconds()))
                      .orElse("-")));
      rows.add(
          new SummaryTable.Row(
              "  gap ms / silent s / recovery s",
              r ->
                  fault(r, n)
                      .map(
                          f ->
                              (f.outputGapMillis() == null
                                      ? "no output"
                                      : String.format("%.1f", f.outputGapMillis()))
                                  + " / "
                                  + FaultSilence.cell(r, f)
                                  + " / "
                                  + (f.recoverySeconds() == null
                                      ? f.recovery()
                                      : String.format("%.1f", f.recoverySeconds())))
                      .orElse("-")));
      rows.add(
          new SummaryTable.Row(
              "  noticed after s (by)",
              r -> fault(r, n).map(f -> RunResult.Notice.cell(f.noticed())).orElse("-")));
      rows.add(
          new SummaryTable.Row(
              "  peak p99 ms / owed",
              r ->
                  fault(r, n)
                      .map(f -> String.format("%.1f / %,d", f.peakP99Millis(), f.peakBacklog()))
                      .orElse("-")));
    }
  }

  private static Optional<RunResult.Fault> fault(RunResult r, int i) {
    return r.faults() == null || r.faults().size() <= i
        ? Optional.empty()
        : Optional.of(r.faults().get(i));
  }
}
