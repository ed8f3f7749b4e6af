package org.streambench.harness.summary;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.results.HdfsUsage;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.MachineUsage;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;

/** Prints runs side by side, one column per run, one row per figure. */
public final class SummaryTable {
  /** What a figure of processes on the user's own cluster shows: never zero. */
  private static final String UNKNOWN = "unknown (not our processes)";

  private SummaryTable() {}

  public static void print(List<RunResult> runs, PrintStream out) {
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("engine", RunResult::engine));
    rows.add(new Row("engine release", Provenances::engineRelease));
    rows.add(new Row("workload / mode", r -> r.workload() + " / " + r.mode()));
    rows.add(new Row("guarantee", r -> String.valueOf(r.guarantee())));
    rows.add(new Row("parallelism", r -> Integer.toString(r.parallelism())));
    rows.add(new Row("status / verdict", r -> r.status() + " / " + upper(r.verdict())));
    if (runs.stream().anyMatch(r -> r.engineStartSeconds() != null)) {
      rows.add(new Row("engine start (s)", SummaryTable::engineStart));
    }
    rows.add(new Row("throughput in (rec/s)", r -> rate(r, true)));
    rows.add(new Row("throughput out (rec/s)", r -> rate(r, false)));
    rows.add(new Row("in per engine core", r -> perCore(r, true)));
    rows.add(new Row("out per engine core", r -> perCore(r, false)));
    rows.add(new Row("in per given core", r -> CpuRows.perGivenCore(r, true)));
    rows.add(new Row("out per given core", r -> CpuRows.perGivenCore(r, false)));
    rows.add(new Row("engine CPU s / M in", SummaryTable::cpuPerMillion));
    addLatency(rows, "e2e", RunResult::endToEndLatencyMicros);
    addLatency(rows, "engine", RunResult::engineLatencyMicros);
    rows.add(new Row("ysb window p50 / p99 (ms)", SummaryTable::ysbWindow));
    rows.add(new Row("expected / received", r -> records(r)));
    rows.add(new Row("lost / dup / phantom", r -> errors(r)));
    rows.add(new Row("other errors", SummaryTable::otherErrors));
    FaultRows.add(rows, runs);
    WorkerRows.add(rows, runs);
    rows.add(new Row("engine CPU s (cores)", r -> cpu(r, "engine")));
    List<String> engineProcesses = engineProcesses(runs);
    engineProcesses.forEach(p -> rows.add(new Row("  " + p, r -> cpu(r, "engine/" + p))));
    rows.add(new Row("broker CPU s (cores)", r -> cpu(r, "broker")));
    if (runs.stream().anyMatch(r -> process(r, "hadoop") != null)) {
      rows.add(new Row("hadoop CPU s (cores)", r -> cpu(r, "hadoop")));
    }
    rows.add(new Row("harness CPU s (cores)", r -> cpu(r, "harness")));
    rows.add(new Row("  generator threads", r -> cpu(r, "generator")));
    rows.add(new Row("  collector thread", r -> cpu(r, "collector")));
    AgentRows.add(rows, runs);
    rows.add(
        new Row(
            "machine busy / steal (cores), CPU canary (µs: walk + arithmetic)",
            SummaryTable::machine));
    rows.add(new Row("peak RSS engine (MB)", r -> rss(r, "engine")));
    engineProcesses.forEach(p -> rows.add(new Row("  " + p, r -> rss(r, "engine/" + p))));
    rows.add(new Row("state on disk max (MB)", SummaryTable::stateOnDisk));
    if (runs.stream().anyMatch(r -> r.hdfs() != null)) {
      rows.add(new Row("checkpoints on HDFS: left / written (MB)", SummaryTable::hdfs));
    }
    rows.add(new Row("GC pauses engine (max ms)", r -> gc(r, "engine")));
    engineProcesses.forEach(p -> rows.add(new Row("  " + p, r -> gc(r, "engine/" + p))));
    CpuRows.add(rows, runs, engineProcesses);
    rows.add(new Row("run id", RunResult::runId));

    int labelWidth = rows.stream().mapToInt(row -> row.label.length()).max().orElse(10);
    List<Integer> widths = new ArrayList<>();
    for (RunResult r : runs) {
      widths.add(rows.stream().mapToInt(row -> row.cell.apply(r).length()).max().orElse(8));
    }
    for (Row row : rows) {
      StringBuilder line = new StringBuilder(pad(row.label, labelWidth));
      for (int i = 0; i < runs.size(); i++) {
        line.append("  ").append(padLeft(row.cell.apply(runs.get(i)), widths.get(i)));
      }
      out.println(line.toString().stripTrailing());
    }
    for (RunResult r : runs) {
      r.warnings().forEach(w -> out.println("   " + r.engine() + ": " + w));
      if (!r.reasons().isEmpty()) {
        out.println(
            "!! " + r.engine() + " " + upper(r.verdict()) + ": " + String.join("; ", r.reasons()));
      }
    }
  }

  /** One row of the table: its label and its cell for each run. */
  record Row(String label, Function<RunResult, String> cell) {}

  private static void addLatency(
      List<Row> rows, String name, Function<RunResult, LatencySummary> get) {
    rows.add(new Row(name + " latency p50 (ms)", r -> ms(get.apply(r), LatencySummary::p50)));
    rows.add(new Row(name + " latency p90 (ms)", r -> ms(get.apply(r), LatencySummary::p90)));
    rows.add(new Row(name + " latency p99 (ms)", r -> ms(get.apply(r), LatencySummary::p99)));
    rows.add(new Row(name + " latency p99.9 (ms)", r -> ms(get.apply(r), LatencySummary::p999)));
    rows.add(new Row(name + " latency max (ms)", r -> ms(get.apply(r), LatencySummary::max)));
  }

  private static String engineStart(RunResult r) {
    return r.engineStartSeconds() == null ? "-" : String.format("%.1f", r.engineStartSeconds());
  }

  private static String ms(LatencySummary s, java.util.function.ToLongFunction<LatencySummary> f) {
    return s == null || s.count() == 0 ? "-" : String.format("%.2f", f.applyAsLong(s) / 1000.0);
  }

  private static String rate(RunResult r, boolean in) {
    if (r.throughput() == null) {
      return "-";
    }
    return String.format(
        "%,.0f", in ? r.throughput().inPerSecond() : r.throughput().outPerSecond());
  }

  private static String perCore(RunResult r, boolean in) {
    if (r.throughput() == null) {
      return "-";
    }
    double v = in ? r.throughput().inPerEngineCore() : r.throughput().outPerEngineCore();
    return Double.isNaN(v) ? "-" : String.format("%,.0f", v);
  }

  /** Engine CPU seconds per million input records in the steady window. */
  private static String cpuPerMillion(RunResult r) {
    if (r.throughput() == null || Double.isNaN(r.throughput().inPerEngineCore())) {
      return "-";
    }
    return String.format("%.2f", 1e6 / r.throughput().inPerEngineCore());
  }

  /** YSB's window latency, from a live result or one read back from JSON. */
  private static String ysbWindow(RunResult r) {
    LatencySummary s = r.ysbWindowLatency();
    return s == null ? "-" : ms(s, LatencySummary::p50) + " / " + ms(s, LatencySummary::p99);
  }

  /** Non-zero counts of the workload-specific checks (wrong, incomplete, alerts, redis.*, ...). */
  private static String otherErrors(RunResult r) {
    if (r.verification() == null) {
      return "-";
    }
    List<String> parts = new ArrayList<>();
    r.verification()
        .forEach(
            (k, v) -> {
              boolean other =
                  k.equals("wrong")
                      || k.equals("incomplete")
                      || k.equals("alerts")
                      || k.startsWith("keys.")
                      || k.startsWith("generated.")
                      || (k.startsWith("redis.")
                          && !k.endsWith("expected")
                          && !k.endsWith("received"));
              if (other && v != null && v > 0) {
                parts.add(k + " " + v);
              }
            });
    return parts.isEmpty() ? "0" : String.join(", ", parts);
  }

  private static String records(RunResult r) {
    if (r.verification() == null) {
      return "-";
    }
    return String.format(
        "%,d / %,d",
        r.verification()
            .getOrDefault("expected", r.verification().getOrDefault("windows.expected", 0L)),
        r.verification().getOrDefault("received", 0L));
  }

  private static String errors(RunResult r) {
    if (r.verification() == null) {
      return "-";
    }
    return r.verification().getOrDefault("lost", 0L)
        + " / "
        + r.verification().getOrDefault("duplicated", 0L)
        + " / "
        + r.verification().getOrDefault("phantom", 0L);
  }

  private static ProcessUsage process(RunResult r, String role) {
    if (r.processes() == null) {
      return null;
    }
    return r.processes().stream().filter(p -> p.role().equals(role)).findFirst().orElse(null);
  }

  /**
   * What the checkpoint directory on HDFS held at the end (files, MB), and what the DataNode wrote
   * during the run (MB): every checkpoint, those the engine since deleted too.
   */
  private static String hdfs(RunResult r) {
    HdfsUsage h = r.hdfs();
    if (h == null) {
      return "-";
    }
    String left = h.bytes() < 0 ? "?" : String.format("%d files, %.2f", h.files(), h.bytes() / 1e6);
    String written =
        h.dataNodeBytesWritten() < 0 ? "?" : String.format("%.2f", h.dataNodeBytesWritten() / 1e6);
    return left + " / " + written;
  }

  private static String cpu(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    if (p == null) {
      return notOurs(r, role) ? UNKNOWN : "-";
    }
    return Double.isNaN(p.steadyCores())
        ? String.format("%.1f", p.cpuSeconds())
        : String.format("%.1f (%.2f)", p.cpuSeconds(), p.steadyCores());
  }

  /**
   * The whole machine over the steady window: every process's CPU, the hypervisor's steal, and the
   * canary's time (how fast the CPUs ran), with its two parts where they were timed apart.
   */
  private static String machine(RunResult r) {
    if (r.machine() == null) {
      return "-";
    }
    MachineUsage m = r.machine();
    String canary = Double.isNaN(m.canary()) ? "-" : String.format("%.0f", m.canary());
    if (!Double.isNaN(m.canaryWalk())) {
      canary += String.format(" (%.0f + %.0f)", m.canaryWalk(), m.canaryArithmetic());
    }
    return String.format("%.2f / %.2f of %d, %s", m.busyCores(), m.stealCores(), m.cpus(), canary);
  }

  private static String rss(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    if (p == null) {
      return notOurs(r, role) ? UNKNOWN : "-";
    }
    return Long.toString(p.peakRssBytes() / (1024 * 1024));
  }

  /** The most the engine kept on disk for its state and checkpoints, or "-" if it keeps none. */
  private static String stateOnDisk(RunResult r) {
    if (r.stateBytesPerSecond() == null || r.stateBytesPerSecond().isEmpty()) {
      return "-";
    }
    long max = r.stateBytesPerSecond().stream().mapToLong(Long::longValue).max().orElse(0);
    return String.format("%.2f", max / (1024.0 * 1024));
  }

  /** Steady-state GC pauses and the longest, or unknown where no GC log was kept. */
  private static String gc(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    if (p == null) {
      return notOurs(r, role) ? UNKNOWN : "-";
    }
    if (p.gc() == null) {
      return "-"; // a run that failed before its steady state, or stored before GC was read
    }
    return String.format("%d (%.1f)", p.gc().pauses(), p.gc().pauseMaxMillis());
  }

  /** The engine processes of the runs' cluster deployments, by name ({@code taskmanager-1}). */
  private static List<String> engineProcesses(List<RunResult> runs) {
    return runs.stream()
        .filter(r -> r.processes() != null)
        .flatMap(r -> r.processes().stream())
        .map(ProcessUsage::role)
        .filter(role -> role.startsWith("engine/"))
        .map(role -> role.substring("engine/".length()))
        .distinct()
        .sorted()
        .toList();
  }

  /**
   * Whether {@code role} ran on the user's own cluster or Kafka, whose processes the harness cannot
   * see.
   */
  private static boolean notOurs(RunResult r, String role) {
    return switch (role) {
      case "engine" -> "external".equals(r.config().get("run.deployment"));
      case "broker" ->
          r.provenance() != null
              && String.valueOf(r.provenance().get("kafka")).startsWith("external");
      default -> false;
    };
  }

  private static String pad(String s, int width) {
    return s + " ".repeat(Math.max(0, width - s.length()));
  }

  private static String padLeft(String s, int width) {
    return " ".repeat(Math.max(0, width - s.length())) + s;
  }

  /** A verdict or status in capitals, as the table shows it; "NULL" for a run without one. */
  private static String upper(Object value) {
    return String.valueOf(value).toUpperCase(java.util.Locale.ROOT);
  }
}
