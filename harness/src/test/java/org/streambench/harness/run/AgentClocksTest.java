package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.LatencySummary;

class AgentClocksTest {
  private static AgentShare agent(String name, long bound, long offset, long offsetEnd) {
    return new AgentShare(
        name, "host", offset, bound, offsetEnd, 0, 1, 100, 0, 500, 800, 0.5, 0.9, 2, 0.4, false, 0,
        0, 0, 0);
  }

  private static LatencySummary p50(long micros) {
    return new LatencySummary(1_000, micros, 0, 0, 0, 0, 0, 0);
  }

  @Test
  void anOffsetKnownToATenthOfTheP50OrBetterIsNotFlagged() {
    assertEquals(
        Optional.empty(),
        AgentClocks.finding(List.of(agent("a:1", 600, 50_000, 50_400)), p50(10_000)));
    assertEquals(Optional.empty(), AgentClocks.finding(List.of(), p50(10_000)));
  }

  @Test
  void theLeastCertainAgentBeyondATenthOfTheP50IsAWarning() {
    Optional<Finding> f =
        AgentClocks.finding(
            List.of(agent("a:1", 200, 0, 0), agent("b:1", 700, 50_000, 49_500)), p50(10_000));
    assertTrue(f.isPresent());
    assertEquals(Finding.Kind.CLOCK_UNCERTAIN, f.get().kind());
    assertEquals(Finding.Severity.WARNING, f.get().severity());
    assertEquals(
        "clock-uncertain: agent b:1's sends may be off by 1.20 ms (offset bound 0.70 ms, drift"
            + " 0.50 ms over the load), more than 10 % of the e2e p50 (10.00 ms)",
        f.get().text());
  }
}
