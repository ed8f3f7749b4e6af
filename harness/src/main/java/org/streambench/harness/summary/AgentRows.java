package org.streambench.harness.summary;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.RunResult;

/**
 * The run table's rows for a load from agents, three per agent: its clock against the harness's,
 * what it sent and how late, and the CPU its generator and its machine used.
 */
final class AgentRows {
  private AgentRows() {}

  /** Three rows per agent that any run's load came from. */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs) {
    TreeSet<String> agents = new TreeSet<>();
    for (RunResult r : runs) {
      if (r.agents() != null) {
        r.agents().forEach(a -> agents.add(a.agent()));
      }
    }
    for (String agent : agents) {
      rows.add(row("agent " + agent + " clock (ms)", agent, AgentRows::clock));
      rows.add(row("  sent / late p99 (ms)", agent, AgentRows::sent));
      rows.add(row("  CPU s: generator / JVM; machine busy", agent, AgentRows::cpu));
    }
  }

  private static SummaryTable.Row row(
      String label, String agent, Function<AgentShare, String> value) {
    return new SummaryTable.Row(label, r -> of(r, agent).map(value).orElse("-"));
  }

  private static Optional<AgentShare> of(RunResult r, String agent) {
    return r.agents() == null
        ? Optional.empty()
        : r.agents().stream().filter(a -> a.agent().equals(agent)).findFirst();
  }

  /** Its offset ± bound, and the drift over the load: "+49.95 ± 0.62 (drift +0.03)". */
  static String clock(AgentShare a) {
    return String.format(
        "%+.2f ± %.2f (drift %+.2f)",
        a.clockOffsetMicros() / 1e3,
        a.clockBoundMicros() / 1e3,
        (a.clockOffsetEndMicros() - a.clockOffsetMicros()) / 1e3);
  }

  private static String sent(AgentShare a) {
    return String.format("%,d / %.1f", a.sent(), a.latenessP99Micros() / 1e3);
  }

  private static String cpu(AgentShare a) {
    return String.format("%.2f / %.2f", a.generatorCpuSeconds(), a.processCpuSeconds())
        + (a.machineBusyCores() < 0
            ? ""
            : String.format("; %.2f of %d cores", a.machineBusyCores(), a.cpus()));
  }
}
