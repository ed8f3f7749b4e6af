package org.streambench.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.collector.BacklogTrend;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.RunResult;

/**
 * The rules that judge a finished run, as a pure function: its measurements in, its findings out,
 * each of a kind and invalid (the run is) or a warning (it qualifies the figures). The verifier's
 * own findings (lost, duplicated, phantom records the guarantee forbids) come in with the facts;
 * this adds the driver's and the machine's.
 *
 * <pre>
 * RunJudge.Judgement j = RunJudge.judge(facts);
 * j.valid();      // no invalid finding
 * j.findings();   // driver-bound, machine-bound, rig-bound, not keeping up, ...
 * </pre>
 */
public final class RunJudge {
  /** A generator or collector thread using this many cores is saturated (one thread, one core). */
  static final double SATURATED_THREAD_CORES = 0.9;

  private RunJudge() {}

  /**
   * What a finished run measured.
   *
   * @param mode how it ran
   * @param guarantee the delivery guarantee it asked for
   * @param rate its offered rate in records/s (fixed rate)
   * @param warmup its warm-up (fixed rate)
   * @param maxGeneratorLag how far the generator may fall behind in the steady state
   * @param verifierFindings the verifier's findings (and external checks'), kept first
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
      List<Finding> verifierFindings,
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
      List<RunResult.Fault> faults,
      List<AgentShare> agents) {
    CpuGroups cpuGroups() {
      return CpuGroups.of(roleCpus, machineCpus, steadyCores);
    }
  }

  /** The findings, invalid ones (any makes the run invalid) and warnings, in the order drawn. */
  public record Judgement(List<Finding> findings) {
    public boolean valid() {
      return findings.stream().noneMatch(Finding::invalid);
    }
  }

  public static Judgement judge(Facts f) {
    List<Finding> findings = new ArrayList<>(f.verifierFindings());
    if (f.mode() == Mode.IN_JOB) {
      findings.add(
          Finding.warning(
              Kind.MODE_LIMIT,
              "framework-limit run: the input was generated inside the engine's job"));
    } else {
      judgeGenerator(f, findings);
      judgeKeepingUp(f, findings);
      judgeOutput(f, findings);
    }
    judgeBottlenecks(f, findings);
    judgeFaults(f, findings);
    findings.add(Finding.warning(Kind.SINGLE_RUN, "single run: no repetitions, no spread"));
    return new Judgement(List.copyOf(findings));
  }

  private static void judgeGenerator(Facts f, List<Finding> findings) {
    GeneratorReport g = f.generated();
    if (g.sendErrors() > 0) {
      findings.add(
          Finding.invalid(
              Kind.SEND_FAILED,
              "generator: "
                  + g.sendErrors()
                  + " records failed to send, so counts of lost records include them (first error: "
                  + (f.firstSendError() == null ? "unknown" : f.firstSendError())
                  + ")"));
    }
    if (f.mode() != Mode.FIXED_RATE) {
      findings.add(
          Finding.warning(
              Kind.MODE_LIMIT,
              "drain mode: end-to-end latency is not reported (the input was written before the"
                  + " engine started); engine latency is"));
      return;
    }
    long limit = f.maxGeneratorLag().toNanos() / 1_000;
    if (g.steadyMaxLagMicros() > limit) {
      findings.add(LateGenerator.finding(f, g.steadyMaxLagMicros(), limit));
    }
    if (f.firstReceiveMicros() > g.startMicros() + f.warmup().toNanos() / 1000) {
      findings.add(
          Finding.warning(
              Kind.LATE_FIRST_OUTPUT,
              "the engine's first output came after the warm-up ended: the steady state"
                  + " includes its start-up backlog (use a longer --warmup)"));
    }
  }

  /**
   * A fixed-rate run whose backlog grew over the steady state is valid (its output verified) but
   * measured a queue that grows, not the engine at its rate; said here so that result.json carries
   * it and not only the report. A run with faults is judged by its recovery instead.
   */
  private static void judgeKeepingUp(Facts f, List<Finding> findings) {
    double slope = f.steadyBacklogSlope();
    if (f.mode() != Mode.FIXED_RATE
        || !f.faults().isEmpty()
        || Double.isNaN(slope)
        || !BacklogTrend.grows(slope, f.rate())) {
      return;
    }
    findings.add(
        Finding.warning(
            Kind.NOT_KEEPING_UP,
            String.format(
                "not keeping up: the backlog grew by %,.0f records/s (%.1f%% of the rate) over the"
                    + " steady state, so its latencies are those of a growing queue: the engine"
                    + " did not sustain %,d records/s here",
                slope, 100 * slope / f.rate(), f.rate())));
  }

  /** Loss and duplication the guarantee allows are reported with their counts, never hidden. */
  private static void judgeOutput(Facts f, List<Finding> findings) {
    Guarantee g = f.guarantee();
    long lost = f.counts().getOrDefault("lost", 0L);
    if (lost > 0 && !g.forbidsLoss()) {
      findings.add(Finding.warning(Kind.LOST, lost + " lost, which " + g + " allows"));
    }
    long dup = f.counts().getOrDefault("duplicated", 0L);
    if (dup > 0 && !g.forbidsDuplicates()) {
      findings.add(Finding.warning(Kind.DUPLICATED, dup + " duplicated, which " + g + " allows"));
    }
    long alerts = f.counts().getOrDefault("alerts", 0L);
    if (alerts > 0 && g != Guarantee.EXACTLY_ONCE) {
      findings.add(
          Finding.warning(Kind.ALERTS, alerts + " state machine alerts: the damage of " + g));
    }
    if (f.negativeEndToEnd() + f.negativeEngine() > 0) {
      findings.add(
          Finding.warning(
              Kind.NEGATIVE_LATENCY,
              "negative latencies counted (not recorded): end-to-end "
                  + f.negativeEndToEnd()
                  + ", engine "
                  + f.negativeEngine()));
    }
  }

  /**
   * A fault that hit nothing, whose process did not come back, or that the run did not recover from
   * is said; the guarantee's judgement of loss and duplication stays the verifier's.
   */
  private static void judgeFaults(Facts f, List<Finding> findings) {
    for (RunResult.Fault fault : f.faults()) {
      String label = "fault " + fault.number() + " (" + fault.fault() + ")";
      if (fault.note() != null) {
        findings.add(Finding.warning(Kind.FAULT_MISSED, label + ": " + fault.note()));
      }
      if (fault.process() != null && Recovery.NOT_RECOVERED.equals(fault.recovery())) {
        findings.add(
            Finding.warning(
                Kind.FAULT_NOT_RECOVERED, label + ": not recovered within the grace period"));
      } else if (fault.process() != null && Recovery.UNKNOWN.equals(fault.recovery())) {
        findings.add(
            Finding.warning(
                Kind.FAULT_RECOVERY_UNKNOWN,
                label + ": recovery unknown, the steady state ended before it"));
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
  private static void judgeBottlenecks(Facts f, List<Finding> findings) {
    Double generator = f.steadyCores().get("generator.per-thread");
    if (generator != null && generator >= SATURATED_THREAD_CORES) {
      findings.add(
          Finding.warning(
              Kind.DRIVER_BOUND,
              String.format(
                  "driver-bound: the generator's threads used %.2f cores each in the steady state",
                  generator)));
    }
    // the collector's checks run under one lock: its threads together use one core at most
    Double collector = f.steadyCores().get("collector");
    if (collector != null && collector >= SATURATED_THREAD_CORES) {
      findings.add(
          Finding.warning(
              Kind.DRIVER_BOUND,
              String.format(
                  "driver-bound: the collector's threads used %.2f cores together in the steady"
                      + " state (its checks run under one lock)",
                  collector)));
    }
    for (CpuGroups.Group g : f.cpuGroups().groups()) {
      if (!g.saturated() || (g.has("engine") && g.cores().size() == 1)) {
        continue;
      }
      String top =
          g.cores().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
      Kind kind =
          g.has("engine")
              ? (top.equals("engine") ? Kind.MACHINE_BOUND : Kind.RIG_BOUND)
              : (g.has("harness") ? Kind.DRIVER_BOUND : Kind.RIG_BOUND);
      String bound = kind == Kind.RIG_BOUND ? top + "-bound" : kind.toString();
      findings.add(
          Finding.warning(
              kind, bound + ": the run's processes used " + g.describe() + " in the steady state"));
    }
  }
}
