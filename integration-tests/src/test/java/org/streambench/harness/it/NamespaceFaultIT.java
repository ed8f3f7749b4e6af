package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.api.Guarantee;
import org.streambench.harness.net.NetworkNamespaces;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Link faults made by network namespaces ({@code --link-mechanism namespaces}) on the real broker,
 * with no link proxy: the engine connects to the broker's own address, as a run with only engine
 * link faults has it.
 */
class NamespaceFaultIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /**
   * The baseline's process in a network namespace of its own, which reaches the broker's 127.0.0.1
   * over a veth pair. The pair's end taken down for 8 s stops the output (the loop's fetches and
   * sends both stall, as on a pulled cable; TCP's retransmission back-off may hold them a few
   * seconds past the heal), which comes back once it is up, nothing lost; the namespace is gone
   * after the run. Skipped where namespaces cannot be made, saying why.
   */
  @Test
  @Timeout(180)
  void anEngineInANamespaceOfItsOwnStopsWhileItsDeviceIsDown() throws Exception {
    Optional<String> why = NetworkNamespaces.whyUnavailable();
    assumeTrue(why.isEmpty(), () -> "no network namespaces here: " + why.orElseThrow());
    RunResult r =
        kafka.run(
            SharedBroker.withNamespacedFaults(
                SharedBroker.fixedRate("baseline", Guarantee.AT_LEAST_ONCE, 1_000, 3, 25),
                "partition:engine-broker@8s/8s"));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"), () -> "verification: " + r.verification());
    assertEquals("namespaces", r.config().get("run.link-mechanism"));
    RunResult.Fault cut = r.faults().get(0);
    assertEquals("partition", cut.action());
    assertEquals("engine-broker", cut.process());
    assertEquals(8.0, cut.backAfterSeconds(), 1.0);
    assertTrue(
        cut.silentSeconds() != null && cut.silentSeconds() >= 6,
        () -> "no output while the device was down: " + cut);
    assertTrue(cut.recoverySeconds() != null, () -> "recovered after it came up: " + cut);
    Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String left = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertFalse(
        left.contains("streambench-" + ProcessHandle.current().pid() + "-"),
        () -> "the run's namespaces deleted: " + left);
  }
}
