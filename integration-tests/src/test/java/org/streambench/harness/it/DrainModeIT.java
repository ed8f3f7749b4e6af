package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Guarantee;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Drain mode on every engine: a pre-filled topic is processed from the earliest offset, every
 * record verified.
 */
class DrainModeIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  static Stream<String> engines() {
    return TestEngines.selected().stream().map(EngineDescriptor::name);
  }

  @ParameterizedTest
  @MethodSource("engines")
  @Timeout(180)
  void drainsEveryRecord(String engine) throws Exception {
    RunResult r = kafka.run(SharedBroker.drain(engine, Guarantee.AT_LEAST_ONCE, 200_000));
    assertEquals(
        Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons() + " " + r.failure());
    assertEquals(200_000L, r.verification().get("expected"));
    assertEquals(0L, r.verification().get("lost"));
    assertTrue(r.throughput().outPerSecond() > 0);
    assertNull(r.endToEndLatencyMicros(), "no end-to-end latency for pre-filled input");
    EngineMatrixIT.assertOrdered(r.engineLatencyMicros());
  }
}
