package org.streambench.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.AgentGeneration;
import org.streambench.harness.collector.BacklogTrend;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.workload.ExternalCheck;
import org.streambench.verifier.Verdict;

/**
 * A finished run's verdict: the verifier's findings (and the external check's, its counts prefixed
 * {@code redis.}), then {@link RunJudge}'s rules over the measurements and the steady-state CPU
 * samples. A run that did not complete has verdict {@code unknown}.
 */
record RunVerdict(
    Verdict.Status verdict,
    List<Finding> findings,
    Map<String, Long> counts,
    Map<String, List<String>> examples) {

  static RunVerdict unknown(String why) {
    return new RunVerdict(
        Verdict.Status.UNKNOWN, List.of(Finding.invalid(Finding.Kind.NOT_JUDGED, why)), null, null);
  }

  static RunVerdict judge(
      RunContext run, Measurements m, ExternalCheck external, List<RunResult.Fault> faults) {
    Verdict checked = m.inJob() != null ? m.inJob().verdict() : m.collected().verdict();
    List<Finding> checks = new ArrayList<>(findings(checked, ""));
    Map<String, Long> counts = new LinkedHashMap<>(checked.counts());
    Map<String, List<String>> examples = new LinkedHashMap<>(checked.examples());
    if (external != null) {
      Verdict v = external.verdict();
      checks.addAll(findings(v, "redis: "));
      v.counts().forEach((k, n) -> counts.put("redis." + k, n));
      v.examples().forEach((k, e) -> examples.put("redis." + k, e));
    }
    RunJudge.Judgement judged = RunJudge.judge(facts(run, m, checks, counts, faults));
    List<Finding> findings = new ArrayList<>(m.findings());
    findings.addAll(judged.findings());
    if (run.generator instanceof AgentGeneration agents && m.collected() != null) {
      AgentClocks.finding(agents.shares(), m.collected().endToEnd()).ifPresent(findings::add);
    }
    return new RunVerdict(
        judged.valid() ? Verdict.Status.VALID : Verdict.Status.INVALID, findings, counts, examples);
  }

  /** A check's reasons as invalid findings of their kinds, their texts after {@code prefix}. */
  private static List<Finding> findings(Verdict checked, String prefix) {
    return checked.reasons().stream()
        .map(r -> Finding.invalid(Finding.Kind.ofCheck(r.kind()), prefix + r.text()))
        .toList();
  }

  private static RunJudge.Facts facts(
      RunContext run,
      Measurements m,
      List<Finding> verifierFindings,
      Map<String, Long> counts,
      List<RunResult.Fault> faults) {
    Map<String, Double> cores = new LinkedHashMap<>();
    for (String role : List.of("engine", "broker", "harness")) {
      cores.put(role, run.steadyCores(role));
    }
    cores.put("generator.per-thread", run.steadyCores("generator") / run.generator.threads());
    cores.put("collector", run.steadyCores("collector"));
    Exception sendError = run.generator.firstError();
    RunRequest request = run.request;
    return new RunJudge.Facts(
        request.mode(),
        request.guarantee(),
        request.rate(),
        request.warmup(),
        request.maxGeneratorLag(),
        verifierFindings,
        counts,
        m.generated(),
        sendError == null
            ? null
            : sendError.getClass().getSimpleName() + ": " + UsageException.firstLine(sendError),
        m.collected() == null ? 0 : m.collected().firstReceiveMicros(),
        steadyBacklogSlope(request, m),
        m.collected() == null ? 0 : m.collected().negativeEndToEnd(),
        m.collected() == null ? 0 : m.collected().negativeEngine(),
        cores,
        roleCpus(request.cpus()),
        CpuPlacement.machineCpus(),
        faults,
        run.generator instanceof AgentGeneration agents ? agents.shares() : List.of());
  }

  /** The CPU lists of the judged roles that the placement names (the driver is the harness). */
  private static Map<String, String> roleCpus(CpuPlacement placement) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String role : List.of("engine", "broker", "driver")) {
      String cpus = placement.cpusOf(role);
      if (cpus != null) {
        out.put(role.equals("driver") ? "harness" : role, cpus);
      }
    }
    return out;
  }

  /** The backlog's slope over the steady state, which starts at the warm-up's end; NaN unknown. */
  private static double steadyBacklogSlope(RunRequest request, Measurements m) {
    if (m.collected() == null) {
      return Double.NaN;
    }
    long from = request.warmup().toSeconds();
    long seconds =
        request.mode() == Mode.FIXED_RATE // where --after-recovery may end it early
            ? Math.round(m.throughput().steadySeconds())
            : request.duration().toSeconds();
    return BacklogTrend.slope(m.collected().intervals(), from, from + seconds).orElse(Double.NaN);
  }
}
