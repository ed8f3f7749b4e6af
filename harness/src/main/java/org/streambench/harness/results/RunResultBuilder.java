package org.streambench.harness.results;

import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.results.RunResult.Failure;
import org.streambench.harness.results.RunResult.Fault;
import org.streambench.harness.results.RunResult.Status;
import org.streambench.harness.results.RunResult.Throughput;
import org.streambench.verifier.Verdict;

/**
 * Sets {@link RunResult}'s fields by name, in any order, as a run learns them; unset fields stay
 * null (or 0).
 */
public final class RunResultBuilder {
  private String runId;
  private Status status;
  private Verdict.Status verdict;
  private List<Finding> findings = List.of();
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
  private HdfsUsage hdfs;
  private Double engineStartSeconds;
  private List<LagSeries> consumerLag;
  private List<Checkpoint> checkpoints;
  private List<RunResult.WorkerShare> workers;
  private RunResult.Steady steady;
  private MachineUsage machine;
  private List<AgentShare> agents;
  private List<ProcessProfile> profiles;

  RunResultBuilder() {}

  /** What ran: the run's id and directory, engine, workload, mode, guarantee and sizes. */
  public RunResultBuilder run(String runId, String runDir, String engine, String workload) {
    this.runId = runId;
    this.runDir = runDir;
    this.engine = engine;
    this.workload = workload;
    return this;
  }

  public RunResultBuilder setup(Mode mode, Guarantee guarantee, int parallelism, int partitions) {
    this.mode = mode;
    this.guarantee = guarantee;
    this.parallelism = parallelism;
    this.partitions = partitions;
    return this;
  }

  public RunResultBuilder times(String startedAt, String finishedAt) {
    this.startedAt = startedAt;
    this.finishedAt = finishedAt;
    return this;
  }

  /** How it ended: status, and the failure for a failed or aborted run. */
  public RunResultBuilder outcome(Status status, Failure failure) {
    this.status = status;
    this.failure = failure;
    return this;
  }

  public RunResultBuilder verdict(Verdict.Status verdict, List<Finding> findings) {
    this.verdict = verdict;
    this.findings = List.copyOf(findings);
    return this;
  }

  public RunResultBuilder verification(
      Map<String, Long> counts, Map<String, List<String>> examples) {
    this.verification = counts;
    this.verificationExamples = examples;
    return this;
  }

  public RunResultBuilder throughput(Throughput throughput) {
    this.throughput = throughput;
    return this;
  }

  public RunResultBuilder latency(
      LatencySummary endToEnd, LatencySummary engine, Map<String, Long> negative) {
    this.endToEndLatencyMicros = endToEnd;
    this.engineLatencyMicros = engine;
    this.negativeLatencies = negative;
    return this;
  }

  public RunResultBuilder timeseries(List<IntervalPoint> timeseries) {
    this.timeseries = timeseries;
    return this;
  }

  public RunResultBuilder workloadResults(Map<String, Object> workloadResults) {
    this.workloadResults = workloadResults;
    return this;
  }

  /** The faults injected, with their recovery; none for a run without faults. */
  public RunResultBuilder faults(List<Fault> faults) {
    this.faults = noneIfEmpty(faults);
    return this;
  }

  public RunResultBuilder generator(GeneratorReport generator) {
    this.generator = generator;
    return this;
  }

  public RunResultBuilder processes(
      List<ProcessUsage> processes, Map<String, List<Double>> cpuCoresPerSecond) {
    this.processes = processes;
    this.cpuCoresPerSecond = cpuCoresPerSecond;
    return this;
  }

  public RunResultBuilder config(Map<String, String> config, String configHash) {
    this.config = config;
    this.configHash = configHash;
    return this;
  }

  /** Bytes under the engine's state and checkpoint directories, one value per second. */
  public RunResultBuilder stateOnDisk(List<Long> stateBytesPerSecond) {
    this.stateBytesPerSecond = stateBytesPerSecond;
    return this;
  }

  /** The consumer lag of the engine's committing groups; none for an engine that commits none. */
  public RunResultBuilder consumerLag(List<LagSeries> consumerLag) {
    this.consumerLag = noneIfEmpty(consumerLag);
    return this;
  }

  /** The checkpoints the engine reported; none for an engine that reports none. */
  public RunResultBuilder checkpoints(List<Checkpoint> checkpoints) {
    this.checkpoints = noneIfEmpty(checkpoints);
    return this;
  }

  /** Each agent's share of the load, for a run whose input agents generated. */
  public RunResultBuilder agents(List<AgentShare> agents) {
    this.agents = List.copyOf(agents);
    return this;
  }

  /** The whole machine's CPU over the steady window. */
  public RunResultBuilder machine(MachineUsage machine) {
    this.machine = machine;
    return this;
  }

  /** The steady state of a fixed-rate run; none for drain and in-job runs. */
  public RunResultBuilder steady(RunResult.Steady steady) {
    this.steady = steady;
    return this;
  }

  /** What each worker held; none for a local run or an engine that reports no shares. */
  public RunResultBuilder workers(List<RunResult.WorkerShare> workers) {
    this.workers = noneIfEmpty(workers);
    return this;
  }

  /** The CPU profiles of a run with {@code --cpu-profile}; none otherwise. */
  public RunResultBuilder profiles(List<ProcessProfile> profiles) {
    this.profiles = noneIfEmpty(profiles);
    return this;
  }

  /**
   * What the run's checkpoints wrote to HDFS and left there ({@code --checkpoint-storage hdfs}).
   */
  public RunResultBuilder hdfs(HdfsUsage hdfs) {
    this.hdfs = hdfs;
    return this;
  }

  /**
   * How long the engine took from its first process's start until its job was ready: on YARN
   * including the deployment onto it and the containers' start. Null where it never got ready.
   */
  public RunResultBuilder engineStartSeconds(Double seconds) {
    this.engineStartSeconds = seconds;
    return this;
  }

  public RunResultBuilder provenance(Map<String, Object> provenance) {
    this.provenance = provenance;
    return this;
  }

  /** Lists a run may have none of are left out of {@code result.json} when empty. */
  private static <T> List<T> noneIfEmpty(List<T> list) {
    return list == null || list.isEmpty() ? null : List.copyOf(list);
  }

  public RunResult build() {
    return new RunResult(
        RunResult.FORMAT_VERSION,
        runId,
        status,
        verdict,
        findings,
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
        profiles,
        consumerLag,
        checkpoints,
        workers,
        steady,
        machine,
        agents,
        hdfs,
        engineStartSeconds);
  }
}
