package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Guarantee;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Every registered engine × every guarantee it offers, on the real embedded broker: identity at a
 * small rate must come out valid, with no loss where the guarantee forbids it and no duplicates
 * where it forbids them. A new engine joins this matrix by registering itself.
 */
class EngineMatrixIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  static Stream<Arguments> engineGuarantees() {
    return TestEngines.selected().stream()
        .flatMap(e -> e.guarantees().stream().map(g -> Arguments.of(e.name(), g)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("engineGuarantees")
  @Timeout(180)
  void identityAtFixedRateIsValid(String engine, Guarantee guarantee) throws Exception {
    // the steady state must see output: Spark's first micro-batch with data comes ~6 s after the
    // generator starts on a quiet machine and took over 10 s on a busy one
    String family = EngineDescriptor.familyOf(engine);
    int warmup = family.equals("spark") ? 20 : 3;
    RunResult r = kafka.run(SharedBroker.fixedRate(engine, guarantee, 2_000, warmup, 5));

    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(2_000L * (warmup + 5), r.verification().get("expected"));
    assertEquals(0L, r.verification().get("phantom"));
    if (guarantee.forbidsLoss()) {
      assertEquals(0L, r.verification().get("lost"));
    }
    if (guarantee.forbidsDuplicates()) {
      assertEquals(0L, r.verification().get("duplicated"));
    }
    assertTrue(r.throughput().outPerSecond() > 0, "output throughput");
    // counted by the second records were sent in, so lag at the window's ends moves a few
    assertTrue(r.throughput().inPerSecond() > 1_500, "input kept its rate");
    assertOrdered(r.endToEndLatencyMicros());
    assertOrdered(r.engineLatencyMicros());
    assertTrue(
        r.processes().stream().anyMatch(p -> p.role().equals("engine") && p.cpuSeconds() > 0));
    if (Set.of("baseline", "flink", "kafka-streams").contains(family)
        && guarantee != Guarantee.AT_MOST_ONCE) {
      // they commit their input offsets to Kafka, where the broker reads their lag (Flink on
      // checkpoint completion: here, not in WorkloadMatrixIT's 3 s steady states, where a job that
      // started late on a busy machine had completed no checkpoint with input before the end)
      assertNotNull(r.consumerLag(), "consumer lag read from the broker");
      assertFalse(r.consumerLag().get(0).points().isEmpty(), () -> "lag: " + r.consumerLag());
    }
    Path dir = Path.of(r.runDir());
    for (String file :
        new String[] {"result.json", "spec.properties", "latency.hlog", "engine.log"}) {
      assertTrue(Files.size(dir.resolve(file)) > 0, file);
    }
  }

  static void assertOrdered(LatencySummary s) {
    assertTrue(s.count() > 0, "latency recorded");
    assertTrue(
        s.p50() <= s.p90()
            && s.p90() <= s.p95()
            && s.p95() <= s.p99()
            && s.p99() <= s.p999()
            && s.p999() <= s.max(),
        () -> "percentiles ordered: " + s);
  }
}
