package org.streambench.harness.run;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;

/**
 * {@link LateGenerator}'s rule for input that agents generated, judged on the agent that fell
 * furthest behind: its own send threads saturated (driver-bound), its machine saturated
 * (driver-bound on a machine of its own; machine-bound on the harness's, which the broker and a
 * local engine share), or neither (driver-stalled).
 */
final class LateAgents {
  private LateAgents() {}

  static Finding finding(RunJudge.Facts f, long limitMicros) {
    List<AgentShare> agents = f.agents();
    AgentShare worst =
        agents.stream().max(Comparator.comparingLong(AgentShare::steadyMaxLagMicros)).orElseThrow();
    long lateCount = agents.stream().filter(a -> a.steadyMaxLagMicros() > limitMicros).count();
    String late =
        String.format(
                Locale.ROOT,
                ": agent %s fell %.1f ms behind its schedule in the steady state (limit %.1f ms)",
                worst.agent(),
                worst.steadyMaxLagMicros() / 1000.0,
                limitMicros / 1000.0)
            + (lateCount > 1
                ? String.format(Locale.ROOT, ", %d of %d agents late", lateCount, agents.size())
                : "");
    double seconds =
        Math.max(1e-6, (f.generated().endMicros() - f.generated().startMicros()) / 1e6);
    double perThread = worst.generatorCpuSeconds() / Math.max(1, worst.loops()) / seconds;
    if (perThread >= RunJudge.SATURATED_THREAD_CORES) {
      return late(
          Kind.DRIVER_BOUND,
          late + String.format(Locale.ROOT, "; its threads used %.2f cores each", perThread));
    }
    String machine =
        worst.machineBusyCores() < 0
            ? "its machine (busy cores unknown)"
            : String.format(
                Locale.ROOT,
                "its machine (%.2f of %d CPUs busy)",
                worst.machineBusyCores(),
                worst.cpus());
    boolean saturated =
        worst.machineBusyCores() >= 0
            && worst.machineBusyCores() >= CpuGroups.SATURATED_SHARE * worst.cpus();
    if (saturated) {
      return worst.harnessHost()
          ? late(
              Kind.MACHINE_BOUND,
              late + "; " + machine + ", the harness's too, was saturated: the machine's limit")
          : late(Kind.DRIVER_BOUND, late + "; " + machine + " was saturated");
    }
    return late(
        Kind.DRIVER_STALLED,
        late
            + String.format(
                Locale.ROOT,
                " with neither its threads (%.2f cores each) nor %s saturated: a pause (a"
                    + " collection, a descheduled thread, a blocked send)",
                perThread,
                machine));
  }

  /** An invalid finding whose text starts with its kind's id, as people read it. */
  private static Finding late(Kind kind, String rest) {
    return Finding.invalid(kind, kind + rest);
  }
}
