package org.streambench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.streambench.harness.agent.AgentClient;
import org.streambench.harness.agent.AgentStatus;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.agent.ClockOffset;

/**
 * {@code streambench agent --check}: asks each agent, as a run would, how it stands: its machine,
 * its clock against this one's, its load. One line per agent.
 */
final class AgentCheck {
  private static final int CLOCK_EXCHANGES = 20;

  private AgentCheck() {}

  /** 0 when every agent answered, 1 otherwise. */
  static int run(List<String> addresses, Path tokenFile, PrintWriter out) {
    Agents agents = new Agents(addresses, tokenFile);
    agents.check();
    int failed = 0;
    for (AgentClient agent : agents.clients()) {
      try {
        AgentStatus status = agent.status();
        out.println(describe(agent.name(), status, agent.clockOffset(CLOCK_EXCHANGES)));
      } catch (IOException e) {
        failed++;
        out.println(e.getMessage());
      }
    }
    out.flush();
    return failed == 0 ? 0 : 1;
  }

  /**
   * E.g. "10.0.0.5:7391: host-a, 8 CPUs (0.12 busy), 30.1 GiB free, clock +0.03 ± 0.21 ms, no
   * load".
   */
  static String describe(String name, AgentStatus s, ClockOffset clock) {
    return String.format(
        Locale.ROOT,
        "%s: %s, %d CPUs (%s busy), %s free, clock %+.2f ± %.2f ms, %s",
        name,
        s.host(),
        s.cpus(),
        Double.isNaN(s.machineBusyCores())
            ? "?"
            : String.format(Locale.ROOT, "%.2f", s.machineBusyCores()),
        s.memoryAvailableBytes() < 0
            ? "? memory"
            : String.format(
                Locale.ROOT, "%.1f GiB", s.memoryAvailableBytes() / (double) (1L << 30)),
        clock.offsetMicros() / 1e3,
        clock.boundMicros() / 1e3,
        s.load() == null
            ? "no load yet"
            : String.format(
                Locale.ROOT,
                "last load %s, %,d sent",
                s.load().state().toString().toLowerCase(Locale.ROOT),
                s.load().sent()));
  }
}
