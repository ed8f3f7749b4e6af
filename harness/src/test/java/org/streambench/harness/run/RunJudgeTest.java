package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.RunResult;

/** Every rule of {@link RunJudge}: each test fails if its rule is removed. */
class RunJudgeTest {
  private static final long START = 1_000_000_000L;

  /**
   * Facts of a fixed-rate at-least-once run that met every rule (warm-up 10 s, lag limit 100 ms, 2
   * cores), for each test to spoil one way.
   */
  private static final class Facts {
    Mode mode = Mode.FIXED_RATE;
    Guarantee guarantee = Guarantee.AT_LEAST_ONCE;
    List<Finding> verifierFindings = List.of();
    Map<String, Long> counts = new HashMap<>();
    long sendErrors;
    long steadyMaxLagMicros = 2_000;
    long firstReceiveMicros = START + 1_000_000;
    long negativeE2e;
    double backlogSlope = 20;
    List<RunResult.Fault> faults = List.of();
    List<AgentShare> agents = List.of();
    Map<String, String> roleCpus = new HashMap<>();
    Map<String, Double> cores =
        new HashMap<>(
            Map.of(
                "engine", 0.5,
                "broker", 0.3,
                "harness", 0.2,
                "generator.per-thread", 0.1,
                "collector", 0.1));

    RunJudge.Judgement judge() {
      GeneratorReport g =
          new GeneratorReport(
              1000 - sendErrors,
              sendErrors,
              100,
              100,
              steadyMaxLagMicros,
              steadyMaxLagMicros,
              10,
              20,
              new long[] {100, 100},
              START,
              START + 2_000_000,
              0.1,
              0.1,
              50);
      return RunJudge.judge(
          new RunJudge.Facts(
              mode,
              guarantee,
              10_000,
              Duration.ofSeconds(10),
              Duration.ofMillis(100),
              verifierFindings,
              counts,
              g,
              sendErrors > 0 ? "TimeoutException: Expiring 3 record(s)" : null,
              firstReceiveMicros,
              backlogSlope,
              negativeE2e,
              0,
              cores,
              roleCpus,
              "0-1",
              faults,
              agents));
    }
  }

  /** An agent of the run, {@code lagMs} behind in the steady state, its CPU over the 2 s run. */
  private static AgentShare agent(
      String name, long lagMs, double cpuSeconds, double machineBusy, boolean harnessHost) {
    return new AgentShare(
        name,
        "host",
        10,
        5,
        12,
        0,
        1,
        500,
        0,
        900,
        lagMs * 1_000,
        cpuSeconds,
        cpuSeconds + 0.5,
        2,
        machineBusy,
        harnessHost,
        0,
        0,
        0,
        0);
  }

  @Test
  void aLateAgentIsJudgedOnItsOwnThreadsAndMachine() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 150_000;
    f.agents = List.of(agent("a:1", 150, 1.9, 1.0, false), agent("b:1", 2, 0.2, 1.0, false));
    RunJudge.Judgement j = f.judge();
    assertTrue(
        anyStartsWith(
            reasons(j),
            "driver-bound: agent a:1 fell 150.0 ms behind its schedule in the steady state (limit"
                + " 100.0 ms); its threads used 0.95 cores each"),
        reasons(j)::toString);

    f.agents = List.of(agent("a:1", 150, 0.2, 1.9, true), agent("b:1", 120, 0.2, 1.9, true));
    j = f.judge();
    assertEquals(List.of(Kind.MACHINE_BOUND), kinds(j, Finding.Severity.INVALID));
    assertTrue(
        anyStartsWith(
            reasons(j),
            "machine-bound: agent a:1 fell 150.0 ms behind its schedule in the steady state (limit"
                + " 100.0 ms), 2 of 2 agents late; its machine (1.90 of 2 CPUs busy), the"
                + " harness's too, was saturated"),
        reasons(j)::toString);

    f.agents = List.of(agent("a:1", 150, 0.2, 1.9, false));
    assertEquals(List.of(Kind.DRIVER_BOUND), kinds(f.judge(), Finding.Severity.INVALID));

    f.agents = List.of(agent("a:1", 150, 0.2, 0.5, false));
    j = f.judge();
    assertEquals(List.of(Kind.DRIVER_STALLED), kinds(j, Finding.Severity.INVALID));
    assertTrue(
        anyStartsWith(reasons(j), "driver-stalled: agent a:1 fell 150.0 ms behind its schedule"),
        reasons(j)::toString);
  }

  private static boolean anyStartsWith(List<String> lines, String prefix) {
    return lines.stream().anyMatch(l -> l.startsWith(prefix));
  }

  @Test
  void aRunThatMetEveryRuleIsValidWithOnlyTheSingleRunWarning() {
    RunJudge.Judgement j = new Facts().judge();
    assertTrue(j.valid(), reasons(j)::toString);
    assertEquals(List.of("single run: no repetitions, no spread"), warnings(j));
  }

  /** At 10,000 records/s a backlog may grow by 200 records/s per second (2 % of the rate). */
  @Test
  void aFixedRateRunWhoseBacklogGrewIsValidButSaysItDidNotKeepUp() {
    Facts f = new Facts();
    f.backlogSlope = 150;
    assertFalse(anyStartsWith(warnings(f.judge()), "not keeping up"));
    f.backlogSlope = 250;
    RunJudge.Judgement j = f.judge();
    assertTrue(j.valid(), reasons(j)::toString);
    assertTrue(
        warnings(j)
            .contains(
                "not keeping up: the backlog grew by 250 records/s (2.5% of the rate) over the"
                    + " steady state, so its latencies are those of a growing queue: the engine"
                    + " did not sustain 10,000 records/s here"),
        warnings(j)::toString);
    assertEquals(List.of(Kind.NOT_KEEPING_UP, Kind.SINGLE_RUN), kinds(j, Finding.Severity.WARNING));
  }

  /** Unknown (too few seconds of output), during faults (recovery says it) or drained: not said. */
  @Test
  void keepingUpIsNotJudgedWithoutABacklogOrWithFaults() {
    Facts unknown = new Facts();
    unknown.backlogSlope = Double.NaN;
    assertFalse(anyStartsWith(warnings(unknown.judge()), "not keeping up"));
    Facts faulted = new Facts();
    faulted.backlogSlope = 5_000;
    faulted.faults = List.of(fault(1, "taskmanager-1", "recovered", null));
    assertFalse(anyStartsWith(warnings(faulted.judge()), "not keeping up"));
    Facts drained = new Facts();
    drained.mode = Mode.DRAIN;
    drained.backlogSlope = 5_000;
    assertFalse(anyStartsWith(warnings(drained.judge()), "not keeping up"));
  }

  private static RunResult.Fault fault(int n, String process, String recovery, String note) {
    return new RunResult.Fault(
        n,
        "kill:worker@10s",
        "kill",
        "worker",
        process,
        1,
        10,
        "t",
        5.0,
        1.0,
        1L,
        recovery,
        recovery.equals("recovered") ? 4.0 : null,
        100,
        0,
        note,
        null);
  }

  @Test
  void faultsNotRecoveredOrWithoutAProcessAreSaidButDoNotInvalidateTheRun() {
    Facts f = new Facts();
    f.faults =
        List.of(
            fault(1, "taskmanager-1", "recovered", null),
            fault(2, "taskmanager-2", "not recovered", null),
            fault(3, "taskmanager-1", "unknown", null),
            fault(4, null, "unknown", "no worker was running to kill"));
    RunJudge.Judgement j = f.judge();
    assertTrue(j.valid(), reasons(j)::toString);
    assertEquals(
        List.of(
            "fault 2 (kill:worker@10s): not recovered within the grace period",
            "fault 3 (kill:worker@10s): recovery unknown, the steady state ended before it",
            "fault 4 (kill:worker@10s): no worker was running to kill",
            "single run: no repetitions, no spread"),
        warnings(j));
  }

  @Test
  void theVerifiersReasonsComeFirstAndMakeTheRunInvalid() {
    Facts f = new Facts();
    f.verifierFindings =
        List.of(Finding.invalid(Kind.LOST, "3 lost records, which at-least-once forbids"));
    RunJudge.Judgement j = f.judge();
    assertFalse(j.valid());
    assertEquals("3 lost records, which at-least-once forbids", reasons(j).get(0));
  }

  @Test
  void failedSendsMakeTheRunInvalidAndNameTheFirstError() {
    Facts f = new Facts();
    f.sendErrors = 3;
    RunJudge.Judgement j = f.judge();
    assertFalse(j.valid());
    assertTrue(reasons(j).get(0).contains("3 records failed to send"), reasons(j)::toString);
    assertTrue(reasons(j).get(0).contains("TimeoutException: Expiring"));
  }

  @Test
  void aGeneratorBehindItsScheduleWithItsThreadsSaturatedIsDriverBound() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 150_000;
    f.cores.put("generator.per-thread", 0.95);
    RunJudge.Judgement j = f.judge();
    assertFalse(j.valid());
    assertTrue(
        reasons(j)
            .contains(
                "driver-bound: the generator fell 150.0 ms behind its schedule in the steady state"
                    + " (limit 100.0 ms); its threads used 0.95 cores each"),
        reasons(j)::toString);
  }

  @Test
  void aGeneratorThatLostItsCpuToTheEngineIsMachineBoundNotDriverBound() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 150_000;
    f.cores.putAll(Map.of("engine", 1.2, "broker", 0.4, "harness", 0.3));
    RunJudge.Judgement j = f.judge();
    assertFalse(j.valid());
    assertTrue(
        reasons(j)
            .contains(
                "machine-bound: the generator fell 150.0 ms behind its schedule in the steady"
                    + " state (limit 100.0 ms) while the engine shared its CPUs: 1.90 of the 2"
                    + " cores of CPUs 0-1 (engine 1.20, broker 0.40, harness 0.30)"),
        reasons(j)::toString);
  }

  @Test
  void aGeneratorOnItsOwnSaturatedCpusIsDriverBound() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 150_000;
    f.roleCpus.putAll(Map.of("engine", "1", "broker", "0", "harness", "0"));
    f.cores.putAll(Map.of("engine", 0.98, "broker", 0.35, "harness", 0.6));
    RunJudge.Judgement j = f.judge();
    assertTrue(
        anyStartsWith(
            reasons(j),
            "driver-bound: the generator fell 150.0 ms behind its schedule in the steady state"
                + " (limit 100.0 ms); the driver's CPUs were saturated: 0.95 of the 1 cores of"
                + " CPUs 0 (broker 0.35, harness 0.60)"),
        reasons(j)::toString);
    assertTrue(
        anyStartsWith(warnings(j), "driver-bound: the run's processes used 0.95 of the 1 cores"),
        warnings(j)::toString);
    assertFalse(
        anyStartsWith(warnings(j), "machine-bound"), "an engine alone using its own CPUs is not");
    assertEquals(List.of(Kind.DRIVER_BOUND), kinds(j, Finding.Severity.INVALID));
    assertEquals(List.of(Kind.DRIVER_BOUND, Kind.SINGLE_RUN), kinds(j, Finding.Severity.WARNING));
  }

  @Test
  void aGeneratorBehindWithNothingSaturatedStalled() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 150_000;
    RunJudge.Judgement j = f.judge();
    assertFalse(j.valid());
    assertTrue(
        anyStartsWith(reasons(j), "driver-stalled: the generator fell 150.0 ms behind"),
        reasons(j)::toString);
    assertEquals(List.of(Kind.DRIVER_STALLED), kinds(j, Finding.Severity.INVALID));
  }

  @Test
  void aGeneratorWithinTheLagLimitIsNotDriverBound() {
    Facts f = new Facts();
    f.steadyMaxLagMicros = 100_000;
    assertTrue(f.judge().valid());
  }

  @Test
  void outputAfterTheWarmupIsAWarning() {
    Facts f = new Facts();
    f.firstReceiveMicros = START + 11_000_000;
    assertTrue(anyStartsWith(warnings(f.judge()), "the engine's first output came after"));
  }

  @Test
  void drainRunsSayWhyThereIsNoEndToEndLatency() {
    Facts f = new Facts();
    f.mode = Mode.DRAIN;
    f.steadyMaxLagMicros = 10_000_000; // pre-fill lag is not a schedule
    RunJudge.Judgement j = f.judge();
    assertTrue(j.valid());
    assertTrue(anyStartsWith(warnings(j), "drain mode: end-to-end latency is not reported"));
  }

  @Test
  void inJobRunsAreLabelledFrameworkLimitAndSkipTheDriverRules() {
    Facts f = new Facts();
    f.mode = Mode.IN_JOB;
    f.steadyMaxLagMicros = 10_000_000;
    RunJudge.Judgement j = f.judge();
    assertTrue(j.valid());
    assertTrue(anyStartsWith(warnings(j), "framework-limit run"));
  }

  @Test
  void lossThatTheGuaranteeAllowsIsReportedWithItsCount() {
    Facts f = new Facts();
    f.guarantee = Guarantee.AT_MOST_ONCE;
    f.counts.put("lost", 7L);
    assertTrue(warnings(f.judge()).contains("7 lost, which at-most-once allows"));
  }

  @Test
  void duplicatesThatTheGuaranteeAllowsAreReportedWithTheirCount() {
    Facts f = new Facts();
    f.counts.put("duplicated", 4L);
    assertTrue(warnings(f.judge()).contains("4 duplicated, which at-least-once allows"));
  }

  @Test
  void stateMachineAlertsUnderWeakerGuaranteesAreTheirDamage() {
    Facts f = new Facts();
    f.counts.put("alerts", 2L);
    assertTrue(warnings(f.judge()).contains("2 state machine alerts: the damage of at-least-once"));
  }

  @Test
  void negativeLatenciesAreCountedNotDropped() {
    Facts f = new Facts();
    f.negativeE2e = 5;
    assertTrue(anyStartsWith(warnings(f.judge()), "negative latencies counted"));
  }

  @Test
  void aSaturatedGeneratorThreadIsDriverBound() {
    Facts f = new Facts();
    f.cores.put("generator.per-thread", 0.95);
    assertTrue(anyStartsWith(warnings(f.judge()), "driver-bound: the generator's threads"));
  }

  @Test
  void aSaturatedCollectorThreadIsDriverBound() {
    Facts f = new Facts();
    f.cores.put("collector", 0.92);
    assertTrue(anyStartsWith(warnings(f.judge()), "driver-bound: the collector's threads"));
  }

  @Test
  void aFullMachineWithTheEngineOnTopIsMachineBound() {
    Facts f = new Facts();
    f.cores.putAll(Map.of("engine", 1.2, "broker", 0.4, "harness", 0.3));
    assertTrue(anyStartsWith(warnings(f.judge()), "machine-bound: the run's processes used 1.90"));
  }

  @Test
  void aFullMachineWithTheBrokerOnTopIsBrokerBound() {
    Facts f = new Facts();
    f.cores.putAll(Map.of("engine", 0.5, "broker", 1.0, "harness", 0.3));
    assertTrue(anyStartsWith(warnings(f.judge()), "broker-bound"));
    assertTrue(kinds(f.judge(), Finding.Severity.WARNING).contains(Kind.RIG_BOUND));
  }

  @Test
  void aFullMachineWithTheHarnessOnTopIsHarnessBound() {
    Facts f = new Facts();
    f.cores.putAll(Map.of("engine", 0.5, "broker", 0.3, "harness", 1.0));
    assertTrue(anyStartsWith(warnings(f.judge()), "harness-bound"));
  }

  @Test
  void aMachineBelowNinetyPercentIsNotBound() {
    Facts f = new Facts();
    f.cores.putAll(Map.of("engine", 1.0, "broker", 0.4, "harness", 0.3));
    assertFalse(anyStartsWith(warnings(f.judge()), "machine-bound"));
  }

  private static List<String> reasons(RunJudge.Judgement j) {
    return Finding.texts(j.findings(), Finding.Severity.INVALID);
  }

  private static List<String> warnings(RunJudge.Judgement j) {
    return Finding.texts(j.findings(), Finding.Severity.WARNING);
  }

  /** The kinds of {@code j}'s findings of {@code severity}, in order. */
  private static List<Kind> kinds(RunJudge.Judgement j, Finding.Severity severity) {
    return j.findings().stream().filter(x -> x.severity() == severity).map(Finding::kind).toList();
  }
}
