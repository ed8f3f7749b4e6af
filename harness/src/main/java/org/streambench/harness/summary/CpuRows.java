package org.streambench.harness.summary;

import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;

/**
 * The run table's rows for CPU placement: the throughput per core the engine was given beside the
 * one per core it used, the placement asked for ({@code --cpus}), and the CPUs each process was
 * allowed as the kernel said ({@code Cpus_allowed_list}).
 */
final class CpuRows {
  private CpuRows() {}

  /** Records/s per CPU the engine was given, in or out. */
  static String perGivenCore(RunResult r, boolean in) {
    double given = Figure.givenCores(r);
    if (r.throughput() == null || Double.isNaN(given)) {
      return "-";
    }
    double rate = in ? r.throughput().inPerSecond() : r.throughput().outPerSecond();
    return String.format("%,.0f", rate / given);
  }

  /**
   * The placement, then, where any run recorded them, the allowed CPUs of the engine (and of each
   * of its processes), the broker, the harness (generator and collector) and Redis.
   */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs, List<String> engineProcesses) {
    rows.add(new SummaryTable.Row("CPU placement", CpuRows::placement));
    boolean recorded =
        runs.stream()
            .filter(r -> r.processes() != null)
            .flatMap(r -> r.processes().stream())
            .anyMatch(p -> p.allowedCpus() != null);
    if (!recorded) {
      return;
    }
    rows.add(new SummaryTable.Row("allowed CPUs engine", r -> allowed(r, "engine")));
    engineProcesses.forEach(
        p -> rows.add(new SummaryTable.Row("  " + p, r -> allowed(r, "engine/" + p))));
    rows.add(new SummaryTable.Row("allowed CPUs broker", r -> allowed(r, "broker")));
    rows.add(new SummaryTable.Row("allowed CPUs harness", r -> allowed(r, "harness")));
    if (runs.stream().anyMatch(r -> usage(r, "redis") != null)) {
      rows.add(new SummaryTable.Row("allowed CPUs redis", r -> allowed(r, "redis")));
    }
  }

  /** {@code engine=1 broker=0 driver=0}, {@code none}, or - for a run stored before placement. */
  private static String placement(RunResult r) {
    Object p = r.provenance() == null ? null : r.provenance().get("cpuPlacement");
    if (p instanceof Map<?, ?> m) {
      StringBuilder s = new StringBuilder();
      m.forEach((role, cpus) -> s.append(s.isEmpty() ? "" : " ").append(role + "=" + cpus));
      return s.toString();
    }
    return p == null ? "-" : p.toString();
  }

  private static String allowed(RunResult r, String role) {
    ProcessUsage p = usage(r, role);
    return p == null || p.allowedCpus() == null ? "-" : p.allowedCpus();
  }

  private static ProcessUsage usage(RunResult r, String role) {
    return r.processes() == null
        ? null
        : r.processes().stream().filter(p -> p.role().equals(role)).findFirst().orElse(null);
  }
}
