package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headline metrics flattened into rows; storing itself is {@link ResultStoreContract}'s. */
class ResultStoreTest {

  @Test
  void headlineMetricsAreFlattened() {
    Map<String, Double> m =
        RunMetrics.of(SampleResults.run("x", "baseline", "2026-01-01T00:00:00Z"));
    assertEquals(999.5, m.get("throughput.out"));
    assertEquals(4.0, m.get("latency.e2e.p99_us"));
    assertEquals(100.0, m.get("verify.expected"));
    assertEquals(3.25, m.get("throughput.in_per_engine_core"));
    assertNull(m.get("throughput.out_per_engine_core"), "NaN is not stored");
  }
}
