package org.streambench.harness.summary;

import java.util.List;
import java.util.TreeSet;
import org.streambench.harness.results.RunResult;

/** The run table's rows for what each worker of a cluster held: spares, and who took over. */
final class WorkerRows {
  private WorkerRows() {}

  /** One row per worker that any run's engine reported a share for. */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs) {
    TreeSet<String> workers = new TreeSet<>();
    for (RunResult r : runs) {
      if (r.workers() != null) {
        r.workers().forEach(w -> workers.add(w.process()));
      }
    }
    for (String worker : workers) {
      rows.add(new SummaryTable.Row("share of " + worker, r -> share(r, worker)));
    }
  }

  private static String share(RunResult r, String worker) {
    if (r.workers() == null) {
      return "-";
    }
    return r.workers().stream()
        .filter(w -> w.process().equals(worker))
        .findFirst()
        .map(RunResult.WorkerShare::describe)
        .orElse("-");
  }
}
