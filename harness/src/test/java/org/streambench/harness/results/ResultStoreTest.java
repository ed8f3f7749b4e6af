package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.collector.IntervalPoint;
import org.streambench.harness.collector.LatencySummary;

class ResultStoreTest {
  static RunResult sample(String id, String startedAt) {
    return new RunResult(
        RunResult.FORMAT_VERSION,
        id,
        RunResult.COMPLETED,
        "valid",
        List.of(),
        List.of("single run: no repetitions, no spread"),
        "baseline",
        "identity",
        "fixed-rate",
        "at-least-once",
        2,
        2,
        startedAt,
        startedAt,
        "/tmp/" + id,
        new RunResult.Throughput(1000, 999.5, 10, Double.NaN, Double.NaN),
        new LatencySummary(100, 1, 2, 3, 4, 5, 6, 2.5),
        new LatencySummary(100, 1, 1, 1, 1, 1, 1, 1),
        Map.of("endToEnd", 0L, "engine", 0L),
        Map.of("expected", 100L, "lost", 0L),
        Map.of(),
        null,
        null,
        List.of(new ProcessUsage("engine", 42, 1.5, 0.3, 1 << 20)),
        Map.of("engine", List.of(0.25, 0.5)),
        List.of(new IntervalPoint(0, 100, 1, 2, 3, 0)),
        Map.of("run.rate", "1000"),
        "abc",
        Map.of("tool", Map.of("version", "0.1.0", "commit", "deadbeef")),
        null);
  }

  @Test
  void savedRunsComeBackWhole(@TempDir Path dir) throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("r.db"))) {
      store.save(sample("20260101-000000-baseline-aaaa", "2026-01-01T00:00:00Z"));
      store.save(sample("20260102-000000-flink-bbbb", "2026-01-02T00:00:00Z"));
      List<RunResult> recent = store.recent(10);
      assertEquals(2, recent.size());
      assertEquals("20260102-000000-flink-bbbb", recent.get(0).runId());
      RunResult back = store.find("20260101");
      assertEquals(
          sample("20260101-000000-baseline-aaaa", "2026-01-01T00:00:00Z").runId(), back.runId());
      assertEquals(999.5, back.throughput().outPerSecond());
      assertEquals(Double.NaN, back.throughput().outPerEngineCore());
      assertNull(store.find("2026"), "an ambiguous prefix finds nothing");
      assertNull(store.find("nope"));
    }
  }

  @Test
  void aFailedSaveLeavesNothingBehind(@TempDir Path dir) throws Exception {
    try (ResultStore store = ResultStore.openSqlite(dir.resolve("r.db"))) {
      RunResult r = sample("same-id", "2026-01-01T00:00:00Z");
      store.save(r);
      org.junit.jupiter.api.Assertions.assertThrows(
          java.sql.SQLException.class, () -> store.save(r));
      assertEquals(1, store.recent(10).size());
    }
  }

  @Test
  void headlineMetricsAreFlattened() {
    Map<String, Double> m = ResultStore.metrics(sample("x", "2026-01-01T00:00:00Z"));
    assertEquals(999.5, m.get("throughput.out"));
    assertEquals(4.0, m.get("latency.e2e.p99_us"));
    assertEquals(100.0, m.get("verify.expected"));
    assertEquals(null, m.get("throughput.out_per_engine_core"), "NaN is not stored");
  }
}
