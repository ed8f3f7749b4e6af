package org.streambench.harness.report.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Synthetic runs and suite points: 2 s warm-up, 8 s steady state, one timeseries point a second.
 */
public final class ReportFixtures {
  public static final int WARMUP = 2;
  public static final int DURATION = 8;

  private ReportFixtures() {}

  /**
   * A completed fixed-rate run.
   *
   * @param jitter how far per-second output and latency swing around their means (fraction)
   */
  public static RunResult run(
      String id,
      String engine,
      long rate,
      String verdict,
      double p99Ms,
      double jitter,
      List<String> reasons) {
    return run(id, engine, rate, verdict, p99Ms, jitter, reasons, Map.of(), "/nonexistent/" + id);
  }

  public static RunResult run(String id, String engine, long rate, double p99Ms) {
    return run(id, engine, rate, "valid", p99Ms, 0.01, List.of());
  }

  public static RunResult run(
      String id,
      String engine,
      long rate,
      String verdict,
      double p99Ms,
      double jitter,
      List<String> reasons,
      Map<String, String> extraConfig,
      String runDir) {
    long p99 = (long) (p99Ms * 1000);
    List<IntervalPoint> series = new ArrayList<>();
    long[] sent = new long[WARMUP + DURATION];
    for (int s = 0; s < WARMUP + DURATION; s++) {
      double swing = 1 + (s % 2 == 0 ? jitter : -jitter);
      series.add(
          new IntervalPoint(
              s, Math.round(rate * swing), p99 / 4, Math.round(p99 * swing), p99 / 2, 10));
      sent[s] = Math.round(rate * swing);
    }
    Map<String, String> config = new LinkedHashMap<>();
    config.put("run.engine", engine);
    config.put("run.workload", "identity");
    config.put("run.rate", Long.toString(rate));
    config.put("run.warmup", WARMUP + "s");
    config.put("run.duration", DURATION + "s");
    config.put("run.seed", "1");
    config.putAll(extraConfig);
    return new RunResult(
        RunResult.FORMAT_VERSION,
        id,
        RunResult.Status.COMPLETED,
        Verdict.Status.valueOf(verdict.toUpperCase(Locale.ROOT)),
        Stream.concat(
                reasons.stream().map(t -> Finding.invalid(Finding.Kind.WRONG_OUTPUT, t)),
                Stream.of(
                    Finding.warning(
                        Finding.Kind.SINGLE_RUN, "single run: no repetitions, no spread")))
            .toList(),
        engine,
        "identity",
        Mode.FIXED_RATE,
        Guarantee.AT_LEAST_ONCE,
        1,
        1,
        "2026-01-01T00:00:" + String.format("%02d", Math.abs(id.hashCode()) % 60) + "Z",
        "2026-01-01T00:01:00Z",
        runDir,
        new RunResult.Throughput(rate, rate, DURATION, rate / 0.5, rate / 0.5),
        new LatencySummary(
            rate * DURATION, p99 / 4, p99 / 2, p99 * 3 / 4, p99, p99 * 2, p99 * 3, p99 / 4.0),
        new LatencySummary(
            rate * DURATION, p99 / 8, p99 / 4, p99 / 3, p99 / 2, p99, p99 * 2, p99 / 8.0),
        Map.of("endToEnd", 0L, "engine", 0L),
        Map.of("expected", rate * 10, "received", rate * 10, "lost", 0L),
        Map.of(),
        null,
        new GeneratorReport(rate * 10, 0, rate, rate, 100, 100, 10, 20, sent, 0, 0, 0.1, 0.1, 50),
        List.of(
            new ProcessUsage("engine", 100, 5, 0.5, 300L << 20),
            new ProcessUsage("broker", 101, 3, 0.3, 500L << 20),
            new ProcessUsage("harness", 102, 2, 0.2, 200L << 20)),
        Map.of("engine", List.of(0.4, 0.5, 0.6), "broker", List.of(0.3, 0.3, 0.3)),
        series,
        null,
        config,
        "hash-" + engine + "-" + rate,
        Map.of("tool", Map.of("version", "0.1.0", "commit", "abc"), "host", Map.of("cores", 2)),
        null,
        null,
        null,
        null,
        null,
        null,
        new RunResult.Steady(WARMUP, WARMUP + DURATION),
        null,
        null,
        null,
        null);
  }

  /**
   * A worker killed 8 s into the steady state by {@code spec}, back after 3 s; recovered after
   * {@code recoverySeconds}, or not recovered when null.
   */
  public static RunResult.Fault killed(String spec, String process, Double recoverySeconds) {
    return new RunResult.Fault(
        1,
        spec,
        "kill",
        "worker",
        process,
        4242,
        8.0,
        "2026-01-01T00:00:18Z",
        3.0,
        recoverySeconds == null ? null : 250.0,
        recoverySeconds == null ? null : 0L,
        recoverySeconds == null ? "not recovered" : "recovered",
        recoverySeconds,
        2_500.0,
        61_000,
        null,
        null);
  }

  /** {@code r} as a fault run stores it: with {@code faults}. */
  public static RunResult withFaults(RunResult r, List<RunResult.Fault> faults)
      throws java.io.IOException {
    return stored(r, "faults", faults);
  }

  /** {@code r} as a cluster run stores it: with its workers' shares. */
  public static RunResult withWorkers(RunResult r, List<RunResult.WorkerShare> workers)
      throws java.io.IOException {
    return stored(r, "workers", workers);
  }

  /** {@code r} stored with {@code throughput} (a drain's steady part and rate), read back. */
  public static RunResult withThroughput(RunResult r, RunResult.Throughput throughput)
      throws java.io.IOException {
    return stored(r, "throughput", throughput);
  }

  /** {@code r} as a run with workload results stores it (read back: values are maps). */
  public static RunResult withWorkloadResults(RunResult r, Map<String, Object> results)
      throws java.io.IOException {
    return stored(r, "workloadResults", results);
  }

  public static RunResult withStartedAt(RunResult r, String startedAt) throws java.io.IOException {
    return stored(r, "startedAt", startedAt);
  }

  /** {@code r} stored as JSON with {@code field} set to {@code value}, and read back. */
  private static RunResult stored(RunResult r, String field, Object value)
      throws java.io.IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode stored = (ObjectNode) json.readTree(ResultJson.toJson(r));
    stored.set(field, json.readTree(ResultJson.toJson(value)));
    return ResultJson.fromJson(stored.toString());
  }

  /** A run whose engine never became ready: no figures at all. */
  public static RunResult failed(String id, String engine, long rate) {
    return new RunResult(
        RunResult.FORMAT_VERSION,
        id,
        RunResult.Status.FAILED,
        Verdict.Status.UNKNOWN,
        List.of(),
        engine,
        "identity",
        Mode.FIXED_RATE,
        Guarantee.AT_LEAST_ONCE,
        1,
        1,
        "2026-01-01T00:02:00Z",
        "2026-01-01T00:03:00Z",
        "/nonexistent/" + id,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        Map.of("run.rate", Long.toString(rate), "run.warmup", "2s", "run.duration", "8s"),
        null,
        null,
        new RunResult.Failure("engine never became ready", "Exception in thread \"main\""),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  public static PointOutcome point(String engine, long rate, int repetition, String runId) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("engine", engine);
    labels.put("workload", "identity");
    labels.put("rate", Long.toString(rate));
    return new PointOutcome(
        "engine=" + engine + ",rate=" + rate,
        repetition,
        labels,
        PointOutcome.RUN,
        "completed",
        List.of(runId),
        null);
  }

  public static PointOutcome search(
      String engine, int repetition, List<PointOutcome.Trial> trials, long found) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("engine", engine);
    labels.put("workload", "identity");
    return new PointOutcome(
        "engine=" + engine + ",search",
        repetition,
        labels,
        PointOutcome.SEARCH,
        "completed",
        trials.stream().map(PointOutcome.Trial::runId).toList(),
        new PointOutcome.SearchOutcome(found, found * 2, true, trials, "converged", null, null));
  }
}
