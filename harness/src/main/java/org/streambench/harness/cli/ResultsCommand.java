package org.streambench.harness.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench results}: the stored runs, newest first. */
@Command(
    name = "results",
    mixinStandardHelpOptions = true,
    description =
        "Lists stored runs, newest first: input and output records/s (a windowed workload's output"
            + " is its result rows) and end-to-end p99. See one with: streambench show RUN")
final class ResultsCommand implements Callable<Integer> {
  @Option(
      names = "--limit",
      defaultValue = "20",
      description = "How many runs to list (default: ${DEFAULT-VALUE}).")
  int limit;

  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    try (ResultStore store = data.open(data.home())) {
      List<RunResult> runs = store.recent(limit);
      if (runs.isEmpty()) {
        System.out.println("No runs stored yet. Try: ./streambench quickstart");
        return 0;
      }
      String format = "%-36s %-20s %-13s %-12s %-10s %-14s %-9s %-8s %12s %12s %10s%n";
      System.out.printf(
          format,
          "RUN",
          "STARTED (UTC)",
          "ENGINE",
          "WORKLOAD",
          "MODE",
          "GUARANTEE",
          "STATUS",
          "VERDICT",
          "IN REC/S",
          "OUT REC/S",
          "E2E P99 MS");
      for (RunResult r : runs) {
        System.out.printf(
            format,
            r.runId(),
            r.startedAt().substring(0, Math.min(19, r.startedAt().length())).replace('T', ' '),
            r.engine(),
            r.workload(),
            r.mode(),
            r.guarantee(),
            r.status(),
            r.verdict(),
            r.throughput() == null ? "-" : String.format("%,.0f", r.throughput().inPerSecond()),
            r.throughput() == null ? "-" : String.format("%,.0f", r.throughput().outPerSecond()),
            r.endToEndLatencyMicros() == null
                ? "-"
                : String.format("%.2f", r.endToEndLatencyMicros().p99() / 1000.0));
      }
      return 0;
    }
  }
}
