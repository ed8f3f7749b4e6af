package org.streambench.harness.summary;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.RunResult;

/**
 * The run table's rows for a load from agents, three or four per agent: its clock against the
 * harness's, what it sent and how late, what it read of the output (where it collected a share)
 * with the e2e p50 of the records it wrote itself (no clock offset in them) beside the others', and
 * the CPU its generator, collector and machine used.
 */
final class AgentRows {
  private AgentRows() {}

  /** The rows of every agent that any run's load came from. */
  static void add(List<SummaryTable.Row> rows, List<RunResult> runs) {
    TreeSet<String> agents = new TreeSet<>();
    boolean collected = false;
    for (RunResult r : runs) {
      if (r.agents() != null) {
        r.agents().forEach(a -> agents.add(a.agent()));
        collected |= r.agents().stream().anyMatch(AgentShare::collected);
      }
    }
    for (String agent : agents) {
      rows.add(row("agent " + agent + " clock (ms)", agent, AgentRows::clock));
      rows.add(row("  sent / late p99 (ms)", agent, AgentRows::sent));
      if (collected) {
        rows.add(row("  read / e2e p50 (ms): own, others'", agent, AgentRows::read));
      }
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

  /**
   * What it read, and the e2e p50 of the records it wrote itself against the others' it read:
   * "200,000 / 12.10, 12.45 (gap +0.35)"; the gap is the others' minus its own.
   */
  static String read(AgentShare a) {
    if (!a.collected()) {
      return "-";
    }
    String own = a.ownE2eP50Micros() > 0 ? String.format("%.2f", a.ownE2eP50Micros() / 1e3) : "-";
    String others =
        a.othersE2eP50Micros() > 0 ? String.format("%.2f", a.othersE2eP50Micros() / 1e3) : "-";
    String gap =
        a.ownE2eP50Micros() > 0 && a.othersE2eP50Micros() > 0
            ? String.format(" (gap %+.2f)", (a.othersE2eP50Micros() - a.ownE2eP50Micros()) / 1e3)
            : "";
    return String.format("%,d / %s, %s%s", a.received(), own, others, gap);
  }

  private static String cpu(AgentShare a) {
    return String.format(
            "%.2f%s / %.2f",
            a.generatorCpuSeconds(),
            a.collected() ? String.format(" + collector %.2f", a.collectorCpuSeconds()) : "",
            a.processCpuSeconds())
        + (a.machineBusyCores() < 0
            ? ""
            : String.format("; %.2f of %d cores", a.machineBusyCores(), a.cpus()));
  }
}
