package org.streambench.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.collector.BacklogTrend;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.generator.GeneratorReport;
import org.streambench.harness.results.RunResult;

/**
 * The rules that judge a finished run, as a pure function: its measurements in, the reasons that
 * make it invalid and the warnings that qualify it out. The verifier's own reasons (lost,
 * duplicated, phantom records the guarantee forbids) come in with the facts; this adds the driver's
 * and the machine's.
 *
 * <pre>
 * RunJudge.Judgement j = RunJudge.judge(facts);
 * j.reasons();    // empty: valid
 * j.warnings();   // driver-bound threads, machine-/broker-/harness-bound, not keeping up, ...
 * </pre>
 */
public final class RunJudge {
  /** A generator or collector thread using this many cores is saturated (one thread, one core). */
  static final double SATURATED_THREAD_CORES = 0.9;

  /** How the warning of a fixed-rate run whose backlog grew begins. */
  public static final String NOT_KEEPING_UP = "not keeping up";

  private RunJudge() {}

  /**
   * What a finished run measured.
   *
   * @param mode how it ran
   * @param guarantee the delivery guarantee it asked for
   * @param rate its offered rate in records/s (fixed rate)
   * @param warmup its warm-up (fixed rate)
   * @param maxGeneratorLag how far the generator may fall behind in the steady state
   * @param verifierReasons the verifier's reasons (and external checks'), kept first
   * @param counts the verifier's counts: lost, duplicated, alerts, ...
   * @param generated the generator's report (null in-job)
   * @param firstSendError the generator's first send error as one line, or null
   * @param firstReceiveMicros epoch micros of the first output (fixed rate)
   * @param steadyBacklogSlope least-squares slope of the backlog over the steady state in records/s
   *     per second (fixed rate), NaN where unknown
   * @param negativeEndToEnd records whose end-to-end latency was negative
   * @param negativeEngine records whose engine latency was negative
   * @param steadyCores steady-state cores by role: engine, broker, harness, collector (all its
   *     threads), generator.per-thread; absent where unknown
   * @param roleCpus the CPU list of each placed role (engine, broker, harness), none without {@code
   *     --cpus}
   * @param machineCpus the machine's CPU list
   * @param faults the faults injected and their recovery, empty for none
   */
  public record Facts(
      Mode mode,
      Guarantee guarantee,
      long rate,
      Duration warmup,
      Duration maxGeneratorLag,
      List<String> verifierReasons,
      Map<String, Long> counts,
      GeneratorReport generated,
      String firstSendError,
      long firstReceiveMicros,
      double steadyBacklogSlope,
      long negativeEndToEnd,
      long negativeEngine,
      Map<String, Double> steadyCores,
      Map<String, String> roleCpus,
      String machineCpus,
      List<RunResult.Fault> faults) {
    CpuGroups cpuGroups() {
      return CpuGroups.of(roleCpus, machineCpus, steadyCores);
    }
  }

  /** Reasons (any makes the run invalid) and warnings. */
  public record Judgement(List<String> reasons, List<String> warnings) {
    public boolean valid() {
      return reasons.isEmpty();
    }
  }

  public static Judgement judge(Facts f) {
    List<String> reasons = new ArrayList<>(f.verifierReasons());
    List<String> warnings = new ArrayList<>();
    if (f.mode() == Mode.IN_JOB) {
      warnings.add("framework-limit run: the input was generated inside the engine's job");
    } else {
      judgeGenerator(f, reasons, warnings);
      judgeKeepingUp(f, warnings);
      judgeOutput(f, warnings);
    }
    judgeBottlenecks(f, warnings);
    judgeFaults(f, warnings);
    warnings.add("single run: no repetitions, no spread");
    return new Judgement(List.copyOf(reasons), List.copyOf(warnings));
  }

  private static void judgeGenerator(Facts f, List<String> reasons, List<String> warnings) {
    GeneratorReport g = f.generated();
    if (g.sendErrors() > 0) {
      reasons.add(
          "generator: "
              + g.sendErrors()
              + " records failed to send, so counts of lost records include them (first error: "
              + (f.firstSendError() == null ? "unknown" : f.firstSendError())
              + ")");
    }
    if (f.mode() != Mode.FIXED_RATE) {
      warnings.add(
          "drain mode: end-to-end latency is not reported (the input was written before the"
              + " engine started); engine latency is");
      return;
    }
    long limit = f.maxGeneratorLag().toNanos() / 1_000;
    if (g.steadyMaxLagMicros() > limit) {
      reasons.add(LateGenerator.reason(f, g.steadyMaxLagMicros(), limit));
    }
    if (f.firstReceiveMicros() > g.startMicros() + f.warmup().toNanos() / 1000) {
      warnings.add(
          "the engine's first output came after the warm-up ended: the steady state"
              + " includes its start-up backlog (use a longer --warmup)");
    }
  }

  /**
   * A fixed-rate run whose backlog grew over the steady state is valid (its output verified) but
   * measured a queue that grows, not the engine at its rate; said here so that result.json carries
   * it and not only the report. A run with faults is judged by its recovery instead.
   */
  private static void judgeKeepingUp(Facts f, List<String> warnings) {
    double slope = f.steadyBacklogSlope();
    if (f.mode() != Mode.FIXED_RATE
        || !f.faults().isEmpty()
        || Double.isNaN(slope)
        || !BacklogTrend.grows(slope, f.rate())) {
      return;
    }
    warnings.add(
        String.format(
            NOT_KEEPING_UP
                + ": the backlog grew by %,.0f records/s (%.1f%% of the rate) over the"
                + " steady state, so its latencies are those of a growing queue: the engine did"
                + " not sustain %,d records/s here",
            slope,
            100 * slope / f.rate(),
            f.rate()));
  }

  /** Loss and duplication the guarantee allows are reported with their counts, never hidden. */
  private static void judgeOutput(Facts f, List<String> warnings) {
    Guarantee g = f.guarantee();
    long lost = f.counts().getOrDefault("lost", 0L);
    if (lost > 0 && !g.forbidsLoss()) {
      warnings.add(lost + " lost, which " + g + " allows");
    }
    long dup = f.counts().getOrDefault("duplicated", 0L);
    if (dup > 0 && !g.forbidsDuplicates()) {
      warnings.add(dup + " duplicated, which " + g + " allows");
    }
    long alerts = f.counts().getOrDefault("alerts", 0L);
    if (alerts > 0 && g != Guarantee.EXACTLY_ONCE) {
      warnings.add(alerts + " state machine alerts: the damage of " + g);
    }
    if (f.negativeEndToEnd() + f.negativeEngine() > 0) {
      warnings.add(
          "negative latencies counted (not recorded): end-to-end "
              + f.negativeEndToEnd()
              + ", engine "
              + f.negativeEngine());
    }
  }

  /**
   * A fault that hit nothing, whose process did not come back, or that the run did not recover from
   * is said; the guarantee's judgement of loss and duplication stays the verifier's.
   */
  private static void judgeFaults(Facts f, List<String> warnings) {
    for (RunResult.Fault fault : f.faults()) {
      String label = "fault " + fault.number() + " (" + fault.fault() + ")";
      if (fault.note() != null) {
        warnings.add(label + ": " + fault.note());
      }
      if (fault.process() != null && Recovery.NOT_RECOVERED.equals(fault.recovery())) {
        warnings.add(label + ": not recovered within the grace period");
      } else if (fault.process() != null && Recovery.UNKNOWN.equals(fault.recovery())) {
        warnings.add(label + ": recovery unknown, the steady state ended before it");
      }
    }
  }

  /**
   * Names what may have limited the run other than the engine: a saturated generator (its threads'
   * cores over their count: each thread can use one core at most) or collector (all its threads:
   * its checks run under one lock), or CPUs the run's processes used up: the driver's own (placed
   * apart from the engine: driver-bound), or ones the engine shared, with the largest user named
   * (machine-bound if it is the engine, broker-bound if the broker). An engine alone on its own
   * CPUs that used them up is what the run measures, not a bottleneck of the rig.
   */
  private static void judgeBottlenecks(Facts f, List<String> warnings) {
    Double generator = f.steadyCores().get("generator.per-thread");
    if (generator != null && generator >= SATURATED_THREAD_CORES) {
      warnings.add(
          String.format(
              "driver-bound: the generator's threads used %.2f cores each in the steady state",
              generator));
    }
    // the collector's checks run under one lock: its threads together use one core at most
    Double collector = f.steadyCores().get("collector");
    if (collector != null && collector >= SATURATED_THREAD_CORES) {
      warnings.add(
          String.format(
              "driver-bound: the collector's threads used %.2f cores together in the steady state"
                  + " (its checks run under one lock)",
              collector));
    }
    for (CpuGroups.Group g : f.cpuGroups().groups()) {
      if (!g.saturated() || (g.has("engine") && g.cores().size() == 1)) {
        continue;
      }
      String top =
          g.cores().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
      String bound =
          g.has("engine")
              ? (top.equals("engine") ? "machine-bound" : top + "-bound")
              : (g.has("harness") ? "driver-bound" : top + "-bound");
      warnings.add(bound + ": the run's processes used " + g.describe() + " in the steady state");
    }
  }
}
