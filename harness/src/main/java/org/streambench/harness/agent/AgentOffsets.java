package org.streambench.harness.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Each agent's clock offset for one run, measured once, before the first agent is told anything,
 * and shared by the run's generation and collection: a record that one agent both wrote and read is
 * then timed by that agent's clock at both ends, the offset cancelling out exactly.
 */
final class AgentOffsets {
  /** Clock exchanges per measurement, the one with the shortest round trip kept. */
  static final int EXCHANGES = 20;

  private final List<AgentClient> agents;
  private List<ClockOffset> offsets;

  AgentOffsets(List<AgentClient> agents) {
    this.agents = List.copyOf(agents);
  }

  /** The offsets, in the agents' order, measured on the first call. */
  synchronized List<ClockOffset> get() throws IOException {
    if (offsets == null) {
      List<ClockOffset> measured = new ArrayList<>();
      for (AgentClient agent : agents) {
        measured.add(agent.clockOffset(EXCHANGES));
      }
      offsets = List.copyOf(measured);
    }
    return offsets;
  }
}
