package org.streambench.harness.results;

import java.util.LinkedHashMap;
import java.util.Map;

/** A run's headline figures as flat named metrics: the rows of the {@code run_metrics} table. */
final class RunMetrics {
  private RunMetrics() {}

  /** The headline figures of a run as flat named metrics. */
  static Map<String, Double> of(RunResult r) {
    Map<String, Double> m = new LinkedHashMap<>();
    if (r.throughput() != null) {
      m.put("throughput.in", r.throughput().inPerSecond());
      m.put("throughput.out", r.throughput().outPerSecond());
      m.put("throughput.out_per_engine_core", r.throughput().outPerEngineCore());
      m.put("throughput.in_per_engine_core", r.throughput().inPerEngineCore());
      m.put("steady.seconds", r.throughput().steadySeconds());
    }
    latency(m, "latency.e2e", r.endToEndLatencyMicros());
    latency(m, "latency.engine", r.engineLatencyMicros());
    if (r.verification() != null) {
      r.verification().forEach((k, v) -> m.put("verify." + k, v.doubleValue()));
    }
    if (r.generator() != null) {
      m.put("generator.achieved_rate", r.generator().achievedRate());
      m.put("generator.max_lag_us", (double) r.generator().maxLagMicros());
      m.put("generator.steady_max_lag_us", (double) r.generator().steadyMaxLagMicros());
      m.put("generator.lateness_p99_us", (double) r.generator().latenessP99Micros());
    }
    if (r.workloadResults() != null
        && r.workloadResults().get("ysbWindowLatencyMicros") instanceof LatencySummary ysb) {
      latency(m, "latency.ysb_window", ysb);
    }
    if (r.faults() != null) {
      m.put("faults", (double) r.faults().size());
      m.put(
          "faults.not_recovered",
          (double)
              r.faults().stream()
                  .filter(f -> RunResult.Fault.NOT_RECOVERED.equals(f.recovery()))
                  .count());
      r.faults().stream()
          .map(RunResult.Fault::recoverySeconds)
          .filter(java.util.Objects::nonNull)
          .max(Double::compare)
          .ifPresent(v -> m.put("faults.max_recovery_s", v));
      r.faults().stream()
          .map(RunResult.Fault::outputGapMillis)
          .filter(java.util.Objects::nonNull)
          .max(Double::compare)
          .ifPresent(v -> m.put("faults.max_output_gap_ms", v));
      r.faults().stream()
          .map(RunResult.Fault::silentSeconds)
          .filter(java.util.Objects::nonNull)
          .max(Long::compare)
          .ifPresent(v -> m.put("faults.max_silent_s", (double) v));
      r.faults().stream()
          .map(RunResult.Fault::noticed)
          .filter(n -> n != null && n.seen())
          .map(RunResult.Notice::afterSeconds)
          .max(Double::compare)
          .ifPresent(v -> m.put("faults.max_noticed_s", v));
    }
    if (r.stateBytesPerSecond() != null) {
      r.stateBytesPerSecond().stream()
          .mapToLong(Long::longValue)
          .max()
          .ifPresent(v -> m.put("state.max_bytes", (double) v));
    }
    if (r.engineStartSeconds() != null) {
      m.put("engine.start_seconds", r.engineStartSeconds());
    }
    if (r.hdfs() != null) {
      m.put("hdfs.checkpoint_bytes", (double) r.hdfs().bytes());
      if (r.hdfs().dataNodeBytesWritten() >= 0) {
        m.put("hdfs.datanode_bytes_written", (double) r.hdfs().dataNodeBytesWritten());
      }
    }
    if (r.checkpoints() != null) {
      m.put("checkpoints", (double) r.checkpoints().size());
      r.checkpoints().stream()
          .mapToLong(Checkpoint::durationMillis)
          .max()
          .ifPresent(v -> m.put("checkpoints.max_duration_ms", (double) v));
    }
    if (r.consumerLag() != null) {
      r.consumerLag().stream()
          .flatMap(s -> s.points().stream())
          .mapToLong(LagSeries.Point::lag)
          .max()
          .ifPresent(v -> m.put("consumer_lag.max", (double) v));
    }
    m.values().removeIf(v -> v == null || v.isNaN() || v.isInfinite());
    return m;
  }

  private static void latency(Map<String, Double> m, String prefix, LatencySummary s) {
    if (s == null) {
      return;
    }
    m.put(prefix + ".p50_us", (double) s.p50());
    m.put(prefix + ".p90_us", (double) s.p90());
    m.put(prefix + ".p95_us", (double) s.p95());
    m.put(prefix + ".p99_us", (double) s.p99());
    m.put(prefix + ".p999_us", (double) s.p999());
    m.put(prefix + ".max_us", (double) s.max());
    m.put(prefix + ".count", (double) s.count());
  }
}
