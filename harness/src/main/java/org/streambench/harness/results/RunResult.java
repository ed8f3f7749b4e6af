package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.verifier.Verdict;

/**
 * Everything streambench knows about one run; written as {@code result.json} in the run directory
 * and stored in the results database. Field by field in {@code docs/result-format.md}. Fields a
 * failed run never reached are null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
    int formatVersion,
    String runId,
    Status status,
    Verdict.Status verdict,
    List<Finding> findings,
    String engine,
    String workload,
    Mode mode,
    Guarantee guarantee,
    int parallelism,
    int partitions,
    String startedAt,
    String finishedAt,
    String runDir,
    Throughput throughput,
    LatencySummary endToEndLatencyMicros,
    LatencySummary engineLatencyMicros,
    Map<String, Long> negativeLatencies,
    Map<String, Long> verification,
    Map<String, List<String>> verificationExamples,
    Map<String, Object> workloadResults,
    GeneratorReport generator,
    List<ProcessUsage> processes,
    Map<String, List<Double>> cpuCoresPerSecond,
    List<IntervalPoint> timeseries,
    List<Fault> faults,
    Map<String, String> config,
    String configHash,
    Map<String, Object> provenance,
    Failure failure,
    List<Long> stateBytesPerSecond,
    List<ProcessProfile> profiles,
    List<LagSeries> consumerLag,
    List<Checkpoint> checkpoints,
    List<WorkerShare> workers,
    Steady steady,
    MachineUsage machine,
    List<AgentShare> agents,
    HdfsUsage hdfs,
    Double engineStartSeconds) {

  public static final int FORMAT_VERSION = 2;

  /**
   * How a run ended; written by its lower-case name, as {@link Verdict.Status}, {@link Mode} and
   * {@link Guarantee} are by theirs ({@link ResultJson} writes and reads enums by {@code
   * toString}).
   */
  public enum Status {
    /** It ran to the end and was judged (its verdict says whether the figures hold). */
    COMPLETED,
    /** An engine, service or the harness failed; {@link RunResult#failure} says which. */
    FAILED,
    /** Stopped by the user (Ctrl-C, SIGTERM). */
    ABORTED;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * YSB's window latency (a window written to Redis minus the window's end), from a live result or
   * one read back from JSON (then a map of its fields, of which its count, p50 and p99 are kept);
   * null where the run has none (or no window ended in its steady state).
   */
  public LatencySummary ysbWindowLatency() {
    Object v = workloadResults() == null ? null : workloadResults().get("ysbWindowLatencyMicros");
    if (v instanceof LatencySummary s) {
      return s.count() > 0 ? s : null;
    }
    if (v instanceof java.util.Map<?, ?> m
        && m.get("count") instanceof Number count
        && count.longValue() > 0
        && m.get("p50") instanceof Number p50
        && m.get("p99") instanceof Number p99) {
      return new LatencySummary(count.longValue(), p50.longValue(), 0, 0, p99.longValue(), 0, 0, 0);
    }
    return null;
  }

  /** Why the run is invalid: its invalid findings' texts. */
  public List<String> reasons() {
    return findings == null ? List.of() : Finding.texts(findings, Finding.Severity.INVALID);
  }

  /** What qualifies its figures: its warnings' texts. */
  public List<String> warnings() {
    return findings == null ? List.of() : Finding.texts(findings, Finding.Severity.WARNING);
  }

  /** Whether the run has a finding of {@code kind} and {@code severity}. */
  public boolean has(Finding.Kind kind, Finding.Severity severity) {
    return findings != null
        && findings.stream().anyMatch(f -> f.kind() == kind && f.severity() == severity);
  }

  /** Whether the run completed with a valid verdict: the only runs whose figures count. */
  public boolean completedValid() {
    return status == Status.COMPLETED && verdict == Verdict.Status.VALID;
  }

  /**
   * Steady-state throughput.
   *
   * @param inPerSecond mean records/s the generator sent
   * @param outPerSecond mean records/s the collector received
   * @param steadySeconds length of the window the means are taken over
   * @param outPerEngineCore outPerSecond divided by the engine's CPU cores used in that window
   * @param inPerEngineCore inPerSecond divided by the same (records/s per core; for workloads whose
   *     output is smaller than their input, such as windowed counts)
   */
  public record Throughput(
      double inPerSecond,
      double outPerSecond,
      double steadySeconds,
      double outPerEngineCore,
      double inPerEngineCore) {}

  /**
   * One fault injected into the run, and how the run recovered from it (docs/faults.md).
   *
   * @param number 1, 2, ... in time order
   * @param fault the {@code --fault} option it came from
   * @param action kill, stop or pause
   * @param target worker, master or broker
   * @param process the process it hit, e.g. {@code taskmanager-2}, or null if none could be hit
   * @param pid that process's pid
   * @param atSeconds when, in seconds from the start of the steady state
   * @param injectedAt when, as an instant
   * @param backAfterSeconds when the process was started again (kill, stop) or resumed (pause), in
   *     seconds after the fault; null if it was left down
   * @param outputGapMillis time from the fault to the next output record; null if none came
   * @param silentSeconds the longest stretch of whole seconds without output from the fault to its
   *     recovery; null in results stored before it was measured
   * @param recovery {@code recovered}, {@code not recovered} (within the grace period) or {@code
   *     unknown} (the steady state ended first)
   * @param recoverySeconds time from the fault to recovery; null unless recovered
   * @param peakP99Millis the highest per-second p99 end-to-end latency until recovery
   * @param peakBacklog the most output records owed until recovery (docs/faults.md)
   * @param note why the fault hit nothing or its process did not come back, else null
   * @param noticed the first line by which the engine showed it noticed, after the fault; null if
   *     the engine names no such lines (or in results stored before they were watched for)
   */
  public record Fault(
      int number,
      String fault,
      String action,
      String target,
      String process,
      long pid,
      double atSeconds,
      String injectedAt,
      Double backAfterSeconds,
      Double outputGapMillis,
      Long silentSeconds,
      String recovery,
      Double recoverySeconds,
      double peakP99Millis,
      long peakBacklog,
      String note,
      Notice noticed) {
    /** The ids of {@code recovery}. */
    public static final String RECOVERED = "recovered";

    public static final String NOT_RECOVERED = "not recovered";
    public static final String UNKNOWN = "unknown";
  }

  /**
   * A line of an engine's log that says it noticed a fault (its {@code fault.noticed} lines in
   * {@code engine.properties}: a peer's heartbeat timed out, a request to a broker timed out, a job
   * failing over), as the harness saw it appear.
   *
   * @param afterSeconds seen this long after the fault was injected (to within the 0.2 s the logs
   *     are read at); null if no such line followed the fault
   * @param process the engine process whose log it is, e.g. {@code jobmanager}, or null
   * @param line the line, cut to 300 characters, or null
   */
  public record Notice(Double afterSeconds, String process, String line) {
    /** Watched for, and no such line came. */
    public static final Notice NOT_SEEN = new Notice(null, null, null);

    public boolean seen() {
      return afterSeconds != null;
    }

    /**
     * As a table cell: {@code 12.3 (jobmanager)}, {@code not seen}, or {@code -} if not watched.
     */
    public static String cell(Notice n) {
      if (n == null) {
        return "-";
      }
      return n.seen() ? String.format("%.1f (%s)", n.afterSeconds(), n.process()) : "not seen";
    }
  }

  /**
   * The steady state of a fixed-rate run in seconds since the start of generation: after the
   * warm-up, for the run's duration. Every latency, CPU and backlog figure of the run is taken over
   * it; drain and in-job runs have none (their whole run counts).
   */
  public record Steady(double fromSecond, double toSecond) {}

  /**
   * What one worker of a cluster deployment held (input partitions, tasks) as its engine reported
   * it ({@code WorkLog} of the api): for the engines that hand work out through a group.
   *
   * @param process the worker's process, e.g. {@code instance-2}
   * @param idle whether it held nothing in the steady state: a spare
   * @param changes each change of its share, in time order
   */
  public record WorkerShare(String process, boolean idle, List<Held> changes) {
    /**
     * One line: {@code none (a spare)}, or each share with when it began ({@code in-0; none from
     * 8.0 s; in-0 from 12.3 s}); the share held when the steady state began has no time.
     */
    public String describe() {
      if (idle) {
        return "none (a spare)";
      }
      List<String> parts = new java.util.ArrayList<>();
      for (Held h : inSteadyState(changes)) {
        String items = h.items().isEmpty() ? "none" : String.join(" ", h.items());
        parts.add(
            h.atSeconds() <= 0
                ? items
                : String.format(Locale.ROOT, "%s from %.1f s", items, h.atSeconds()));
      }
      return String.join("; ", parts);
    }

    /**
     * The shares of the steady state: the one in force when it began (the last change before it)
     * and every later one. Earlier ones are start-up: a group may hand a partition to one member
     * while the others still join, before the run is ready.
     */
    public static List<Held> inSteadyState(List<Held> changes) {
      int first = 0;
      for (int i = 0; i < changes.size(); i++) {
        if (changes.get(i).atSeconds() <= 0) {
          first = i;
        }
      }
      return changes.subList(first, changes.size());
    }

    /**
     * @param atSeconds when, in seconds from the start of the steady state (negative: before it)
     * @param items what it held from then on; empty when nothing
     */
    public record Held(double atSeconds, List<String> items) {}
  }

  /**
   * Why a run failed or was aborted.
   *
   * @param reason one line
   * @param logTail the last lines of the failing process's log
   */
  public record Failure(String reason, String logTail) {}

  /** A builder: the run's parts set by name, in any order, as the run learns them. */
  public static RunResultBuilder builder() {
    return new RunResultBuilder();
  }
}
