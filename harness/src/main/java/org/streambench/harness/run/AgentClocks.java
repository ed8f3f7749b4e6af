package org.streambench.harness.run;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.LatencySummary;

/**
 * Whether the agents' clocks were known well enough for a run's end-to-end latency: an agent's
 * sends were timed by its clock corrected by the offset measured before the load, so they may be
 * off by that offset's bound plus the clocks' drift over the load (the offset measured again after
 * it). Where that exceeds {@link #SHARE} of the run's e2e p50, the run carries a warning.
 */
final class AgentClocks {
  /** The share of the e2e p50 an agent's clock may be uncertain by without a warning. */
  static final double SHARE = 0.10;

  private AgentClocks() {}

  /** How far an agent's sends may be off: its offset's bound plus its drift over the load. */
  static long uncertaintyMicros(AgentShare a) {
    return a.clockBoundMicros() + Math.abs(a.clockOffsetEndMicros() - a.clockOffsetMicros());
  }

  /** The warning for the least certain agent, if it exceeds the share of the e2e p50. */
  static Optional<Finding> finding(List<AgentShare> agents, LatencySummary endToEnd) {
    if (agents.isEmpty() || endToEnd == null || endToEnd.count() == 0) {
      return Optional.empty();
    }
    AgentShare worst =
        agents.stream()
            .max(java.util.Comparator.comparingLong(AgentClocks::uncertaintyMicros))
            .orElseThrow();
    long uncertain = uncertaintyMicros(worst);
    if (uncertain <= SHARE * endToEnd.p50()) {
      return Optional.empty();
    }
    return Optional.of(
        Finding.warning(
            Finding.Kind.CLOCK_UNCERTAIN,
            String.format(
                Locale.ROOT,
                "clock-uncertain: agent %s's sends may be off by %.2f ms (offset bound %.2f ms,"
                    + " drift %.2f ms over the load), more than %.0f %% of the e2e p50 (%.2f ms)",
                worst.agent(),
                uncertain / 1000.0,
                worst.clockBoundMicros() / 1000.0,
                Math.abs(worst.clockOffsetEndMicros() - worst.clockOffsetMicros()) / 1000.0,
                SHARE * 100,
                endToEnd.p50() / 1000.0)));
  }
}
