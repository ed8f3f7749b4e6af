package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.streambench.harness.collector.IntervalPoint;
import org.streambench.harness.collector.LatencySummary;
import org.streambench.harness.generator.GeneratorReport;

/**
 * Everything streambench knows about one run; written as {@code result.json} in the run directory
 * and stored in the results database. Field by field in {@code docs/result-format.md}. Fields a
 * failed run never reached are null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
    int formatVersion,
    String runId,
    String status,
    String verdict,
    List<String> reasons,
    List<String> warnings,
    String engine,
    String workload,
    String mode,
    String guarantee,
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
    Map<String, String> config,
    String configHash,
    Map<String, Object> provenance,
    Failure failure) {

  public static final int FORMAT_VERSION = 1;

  /** Run statuses. */
  public static final String COMPLETED = "completed";

  public static final String FAILED = "failed";
  public static final String ABORTED = "aborted";

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
   * Why a run failed or was aborted.
   *
   * @param reason one line
   * @param logTail the last lines of the failing process's log
   */
  public record Failure(String reason, String logTail) {}
}
