package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CpuSourceTest {
  /** A process's CPU includes what its children use (a Spark Worker's executor JVMs). */
  @Test
  void aProcessIsChargedForTheProcessesItStarted() throws Exception {
    // the shell only waits; its child spins for two seconds
    Process shell =
        new ProcessBuilder("sh", "-c", "timeout 2 sh -c 'while :; do :; done'; sleep 30").start();
    try {
      CpuSource source = CpuSource.process(shell.pid());
      Thread.sleep(1_500);
      double whileSpinning = source.read().cpuSeconds();
      assertTrue(whileSpinning > 0.2, "live child counted: " + whileSpinning);
      Thread.sleep(1_500);
      double afterIt = source.read().cpuSeconds();
      assertTrue(afterIt >= whileSpinning, "reaped child still counted: " + afterIt);
    } finally {
      shell.descendants().forEach(ProcessHandle::destroyForcibly);
      shell.destroyForcibly();
      shell.waitFor(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void theHarnessIsNotChargedForItsChildren() throws Exception {
    CpuSource harness = CpuSource.process(ProcessHandle.current().pid());
    double before = harness.read().cpuSeconds();
    Process spin = new ProcessBuilder("timeout", "1", "sh", "-c", "while :; do :; done").start();
    spin.waitFor(10, TimeUnit.SECONDS);
    double after = harness.read().cpuSeconds();
    assertTrue(
        after - before < 0.5,
        "children of the harness are roles of their own: " + (after - before));
  }
}
