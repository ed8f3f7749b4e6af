package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.collector.IntervalPoint;
import org.streambench.harness.collector.LatencySummary;
import org.streambench.harness.generator.GeneratorReport;
import org.streambench.harness.profile.ProcessProfile;
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
    List<String> reasons,
    List<String> warnings,
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
    List<ProcessProfile> profiles) {

  public static final int FORMAT_VERSION = 1;

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
   * @param recovery {@code recovered}, {@code not recovered} (within the grace period) or {@code
   *     unknown} (the steady state ended first)
   * @param recoverySeconds time from the fault to recovery; null unless recovered
   * @param peakP99Millis the highest per-second p99 end-to-end latency until recovery
   * @param peakBacklog the most output records owed until recovery (docs/faults.md)
   * @param note why the fault hit nothing or its process did not come back, else null
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
      String recovery,
      Double recoverySeconds,
      double peakP99Millis,
      long peakBacklog,
      String note) {}

  /**
   * Why a run failed or was aborted.
   *
   * @param reason one line
   * @param logTail the last lines of the failing process's log
   */
  public record Failure(String reason, String logTail) {}

  /** A builder: the run's parts set by name, in any order, as the run learns them. */
  public static Builder builder() {
    return new Builder();
  }

  /** Sets {@link RunResult}'s fields by name; unset fields stay null (or 0). */
  public static final class Builder {
    private String runId;
    private Status status;
    private Verdict.Status verdict;
    private List<String> reasons = List.of();
    private List<String> warnings = List.of();
    private String engine;
    private String workload;
    private Mode mode;
    private Guarantee guarantee;
    private int parallelism;
    private int partitions;
    private String startedAt;
    private String finishedAt;
    private String runDir;
    private Throughput throughput;
    private LatencySummary endToEndLatencyMicros;
    private LatencySummary engineLatencyMicros;
    private Map<String, Long> negativeLatencies;
    private Map<String, Long> verification;
    private Map<String, List<String>> verificationExamples;
    private Map<String, Object> workloadResults;
    private GeneratorReport generator;
    private List<ProcessUsage> processes;
    private Map<String, List<Double>> cpuCoresPerSecond;
    private List<IntervalPoint> timeseries;
    private List<Fault> faults;
    private Map<String, String> config;
    private String configHash;
    private Map<String, Object> provenance;
    private Failure failure;
    private List<Long> stateBytesPerSecond;
    private List<ProcessProfile> profiles;

    private Builder() {}

    /** What ran: the run's id and directory, engine, workload, mode, guarantee and sizes. */
    public Builder run(String runId, String runDir, String engine, String workload) {
      this.runId = runId;
      this.runDir = runDir;
      this.engine = engine;
      this.workload = workload;
      return this;
    }

    public Builder setup(Mode mode, Guarantee guarantee, int parallelism, int partitions) {
      this.mode = mode;
      this.guarantee = guarantee;
      this.parallelism = parallelism;
      this.partitions = partitions;
      return this;
    }

    public Builder times(String startedAt, String finishedAt) {
      this.startedAt = startedAt;
      this.finishedAt = finishedAt;
      return this;
    }

    /** How it ended: status, and the failure for a failed or aborted run. */
    public Builder outcome(Status status, Failure failure) {
      this.status = status;
      this.failure = failure;
      return this;
    }

    public Builder verdict(Verdict.Status verdict, List<String> reasons, List<String> warnings) {
      this.verdict = verdict;
      this.reasons = List.copyOf(reasons);
      this.warnings = List.copyOf(warnings);
      return this;
    }

    public Builder verification(Map<String, Long> counts, Map<String, List<String>> examples) {
      this.verification = counts;
      this.verificationExamples = examples;
      return this;
    }

    public Builder throughput(Throughput throughput) {
      this.throughput = throughput;
      return this;
    }

    public Builder latency(
        LatencySummary endToEnd, LatencySummary engine, Map<String, Long> negative) {
      this.endToEndLatencyMicros = endToEnd;
      this.engineLatencyMicros = engine;
      this.negativeLatencies = negative;
      return this;
    }

    public Builder timeseries(List<IntervalPoint> timeseries) {
      this.timeseries = timeseries;
      return this;
    }

    public Builder workloadResults(Map<String, Object> workloadResults) {
      this.workloadResults = workloadResults;
      return this;
    }

    /** The faults injected, with their recovery; none for a run without faults. */
    public Builder faults(List<Fault> faults) {
      this.faults = faults == null || faults.isEmpty() ? null : List.copyOf(faults);
      return this;
    }

    public Builder generator(GeneratorReport generator) {
      this.generator = generator;
      return this;
    }

    public Builder processes(
        List<ProcessUsage> processes, Map<String, List<Double>> cpuCoresPerSecond) {
      this.processes = processes;
      this.cpuCoresPerSecond = cpuCoresPerSecond;
      return this;
    }

    public Builder config(Map<String, String> config, String configHash) {
      this.config = config;
      this.configHash = configHash;
      return this;
    }

    /** Bytes under the engine's state and checkpoint directories, one value per second. */
    public Builder stateOnDisk(List<Long> stateBytesPerSecond) {
      this.stateBytesPerSecond = stateBytesPerSecond;
      return this;
    }

    /** The CPU profiles of a run with {@code --cpu-profile}; none otherwise. */
    public Builder profiles(List<ProcessProfile> profiles) {
      this.profiles = profiles == null || profiles.isEmpty() ? null : List.copyOf(profiles);
      return this;
    }

    public Builder provenance(Map<String, Object> provenance) {
      this.provenance = provenance;
      return this;
    }

    public RunResult build() {
      return new RunResult(
          FORMAT_VERSION,
          runId,
          status,
          verdict,
          reasons,
          warnings,
          engine,
          workload,
          mode,
          guarantee,
          parallelism,
          partitions,
          startedAt,
          finishedAt,
          runDir,
          throughput,
          endToEndLatencyMicros,
          engineLatencyMicros,
          negativeLatencies,
          verification,
          verificationExamples,
          workloadResults,
          generator,
          processes,
          cpuCoresPerSecond,
          timeseries,
          faults,
          config,
          configHash,
          provenance,
          failure,
          stateBytesPerSecond,
          profiles);
    }
  }
}
