package org.streambench.harness.summary;

import java.util.List;
import java.util.TreeSet;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.RunResult;

/**
 * The run table's rows for a load from agents: each agent's clock against the harness's, what it
 * sent, how late, and the CPU its generator and its machine used.
 */
final class AgentRows {
  private AgentRows() {}

  /** One row per agent that any run's load came from. */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs) {
    TreeSet<String> agents = new TreeSet<>();
    for (RunResult r : runs) {
      if (r.agents() != null) {
        r.agents().forEach(a -> agents.add(a.agent()));
      }
    }
    for (String agent : agents) {
      rows.add(new SummaryTable.Row("agent " + agent, r -> describe(r, agent)));
    }
  }

  private static String describe(RunResult r, String agent) {
    if (r.agents() == null) {
      return "-";
    }
    return r.agents().stream()
        .filter(a -> a.agent().equals(agent))
        .findFirst()
        .map(AgentRows::describe)
        .orElse("-");
  }

  /** E.g. "host-a, clock +50.12 ± 0.21 ms (drift +0.03), sent 150,000, late p99 0.8 ms, ...". */
  static String describe(AgentShare a) {
    return String.format(
        "%s, clock %+.2f ± %.2f ms (drift %+.2f), sent %,d, late p99 %.1f ms, generator %.2f"
            + " CPU s%s",
        a.host(),
        a.clockOffsetMicros() / 1e3,
        a.clockBoundMicros() / 1e3,
        (a.clockOffsetEndMicros() - a.clockOffsetMicros()) / 1e3,
        a.sent(),
        a.latenessP99Micros() / 1e3,
        a.generatorCpuSeconds(),
        a.machineBusyCores() < 0
            ? ""
            : String.format(", machine %.2f of %d cores busy", a.machineBusyCores(), a.cpus()));
  }
}
