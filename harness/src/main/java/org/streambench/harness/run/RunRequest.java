package org.streambench.harness.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Guarantee;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.workload.Params;
import org.streambench.harness.workload.Workload;
import org.streambench.harness.workload.Workloads;

/**
 * One measured run as the user asked for it, validated on construction.
 *
 * @param engine engine name
 * @param workload workload name
 * @param mode fixed-rate or drain
 * @param rate records/s (fixed-rate)
 * @param warmup time excluded from the steady state (fixed-rate)
 * @param duration steady-state time (fixed-rate)
 * @param records records pre-filled (drain)
 * @param parallelism engine parallelism
 * @param partitions partitions of the input and output topics
 * @param guarantee delivery guarantee
 * @param profiles named engine config files ({@code engines/<engine>/conf/profiles/NAME.yaml})
 * @param engineConfigs extra engine config files, applied in order
 * @param sets {@code key=value} engine setting overrides, applied last
 * @param maxGeneratorLag the generator may fall this far behind its schedule before the run is
 *     invalid
 * @param idleTimeout how long the collector waits for missing output with nothing arriving
 * @param seed random seed of the workload's generator, stored for reproduction
 * @param params workload parameters, resolved against the workload's defaults
 */
public record RunRequest(
    String engine,
    String workload,
    Mode mode,
    long rate,
    Duration warmup,
    Duration duration,
    long records,
    int parallelism,
    int partitions,
    Guarantee guarantee,
    List<String> profiles,
    List<Path> engineConfigs,
    List<String> sets,
    Duration maxGeneratorLag,
    Duration idleTimeout,
    long seed,
    Map<String, String> params) {

  public RunRequest {
    Workload w = Workloads.get(workload);
    if (mode == Mode.IN_JOB && !w.hasInJobMode()) {
      throw new UsageException(
          "workload " + workload + " has no in-job source mode (grep and grouping have)");
    }
    if (mode == Mode.FIXED_RATE) {
      positive(rate, "--rate");
      positive(duration.toMillis(), "--duration");
      if (warmup.isNegative()) {
        throw new UsageException("--warmup must not be negative");
      }
    } else {
      positive(records, "--records");
      if (records > Integer.MAX_VALUE) {
        throw new UsageException("--records must be at most " + Integer.MAX_VALUE);
      }
    }
    positive(parallelism, "--parallelism");
    positive(partitions, "--partitions");
    positive(idleTimeout.toMillis(), "--idle-timeout");
    params = Params.resolve(w, params).asMap();
    profiles = List.copyOf(profiles);
    engineConfigs = List.copyOf(engineConfigs);
    sets = List.copyOf(sets);
  }

  private static void positive(long value, String option) {
    if (value <= 0) {
      throw new UsageException(option + " must be positive, was " + value);
    }
  }

  /** The same run at another offered rate (a sustainable-throughput search's next trial). */
  public RunRequest withRate(long newRate) {
    return new RunRequest(
        engine,
        workload,
        mode,
        newRate,
        warmup,
        duration,
        records,
        parallelism,
        partitions,
        guarantee,
        profiles,
        engineConfigs,
        sets,
        maxGeneratorLag,
        idleTimeout,
        seed,
        params);
  }

  public Workload workloadDefinition() {
    return Workloads.get(workload);
  }

  /** The resolved workload parameters, typed. */
  public Params workloadParams() {
    return Params.resolve(workloadDefinition(), params);
  }

  /** The run's parameters as stored with its result (and hashed with its settings). */
  public Map<String, String> parameters() {
    Map<String, String> p = new TreeMap<>();
    p.put("run.engine", engine);
    p.put("run.workload", workload);
    p.put("run.mode", mode.id());
    p.put("run.guarantee", guarantee.id());
    p.put("run.parallelism", Integer.toString(parallelism));
    p.put("run.partitions", Integer.toString(partitions));
    p.put("run.seed", Long.toString(seed));
    p.put("run.profiles", String.join(",", profiles));
    params.forEach((k, v) -> p.put("workload." + k, v));
    p.put("run.idle-timeout", Durations.format(idleTimeout));
    if (mode == Mode.FIXED_RATE) {
      p.put("run.rate", Long.toString(rate));
      p.put("run.warmup", Durations.format(warmup));
      p.put("run.duration", Durations.format(duration));
      p.put("run.max-generator-lag", Durations.format(maxGeneratorLag));
    } else {
      p.put("run.records", Long.toString(records));
    }
    return p;
  }
}
