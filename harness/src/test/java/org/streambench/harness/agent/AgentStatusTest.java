package org.streambench.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streambench.harness.process.MachineCpu;

class AgentStatusTest {
  @Test
  void busyCoresAreTheBusyShareOfTheTicksTimesTheCpus() {
    MachineCpu.Reading from = new MachineCpu.Reading(4, 1_000, 0, 0, 4_000);
    MachineCpu.Reading to = new MachineCpu.Reading(4, 1_300, 0, 0, 4_400);
    assertEquals(3.0, AgentStatus.busyCores(from, to), 1e-9);
    assertTrue(Double.isNaN(AgentStatus.busyCores(to, to)), "no time passed");
    assertTrue(Double.isNaN(AgentStatus.busyCores(null, to)), "no reading before");
  }

  @Test
  void thisMachineReportsItself() {
    AgentStatus s = AgentStatus.now(0.5, new MachineCpu.Reading(6, 0, 0, 0, 0), null);
    assertEquals(6, s.cpus(), "the machine's CPUs, not only this JVM's");
    assertTrue(s.threads() >= 1);
    assertTrue(s.processCpuSeconds() > 0);
    assertEquals(0.5, s.machineBusyCores());
    assertEquals(AgentStatus.hostName(), s.host());
  }
}
