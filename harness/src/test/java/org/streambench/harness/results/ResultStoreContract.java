package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every database the results can live in must do, through every public method of {@link
 * ResultStore} and {@link SuiteStore}. One subclass per database; each test gets a new, empty
 * database.
 */
@Timeout(60)
abstract class ResultStoreContract {
  private static final String A = "20260101-000000-baseline-aaaa";
  private static final String B = "20260102-000000-flink-bbbb";

  /** A new, empty database: a SQLite file's path or a JDBC URL. */
  abstract String freshDatabase() throws Exception;

  /** The credentials the databases of {@link #freshDatabase} need. */
  abstract DatabaseCredentials credentials();

  ResultStore open(String database) throws Exception {
    return ResultStore.open(database, credentials());
  }

  @Test
  void runsComeBackWhole() throws Exception {
    try (ResultStore store = open(freshDatabase())) {
      RunResult a = SampleResults.run(A, "baseline", "2026-01-01T00:00:00Z");
      RunResult b = SampleResults.run(B, "flink", "2026-01-02T00:00:00Z");
      store.save(a);
      store.save(b);

      assertEquals(List.of(b, a), store.recent(10), "newest first, every field intact");
      assertEquals(List.of(b), store.recent(1));
      assertEquals(a, store.find(A));
      assertEquals(a, store.find("20260101"), "a unique prefix");
      assertNull(store.find("2026"), "an ambiguous prefix finds nothing");
      assertNull(store.find("nope"));
      assertEquals(List.of(b, a), store.runs(List.of(B, "missing", A)), "in the order asked");
      assertEquals(List.of(b), store.where("engine = 'flink' AND parallelism = 2"));
      assertEquals(List.of(), store.where("verdict = 'valid'"));
    }
  }

  @Test
  void metricsAndProcessesAreRowsToQuery() throws Exception {
    String db = freshDatabase();
    try (ResultStore store = open(db)) {
      store.save(SampleResults.run(A, "baseline", "2026-01-01T00:00:00Z"));
    }
    try (Connection c = DatabaseLocation.parse(db).connect(credentials());
        Statement s = c.createStatement()) {
      assertEquals(
          999.5, single(s, "SELECT value FROM run_metrics WHERE name = 'throughput.out'"), 0);
      assertEquals(
          1, single(s, "SELECT COUNT(*) FROM run_metrics WHERE name LIKE 'throughput.out%'"), 0);
      assertEquals(
          1L << 33, single(s, "SELECT peak_rss_bytes FROM run_processes WHERE role = 'engine'"), 0);
      assertEquals(2, single(s, "SELECT COUNT(*) FROM run_processes WHERE run_id = '" + A + "'"));
      assertEquals(2, single(s, "SELECT COUNT(*) FROM run_faults WHERE run_id = '" + A + "'"));
      assertEquals(
          7.25,
          single(
              s,
              "SELECT recovery_seconds FROM run_faults WHERE fault_number = 1 AND run_id = '"
                  + A
                  + "'"),
          0);
      assertEquals(
          1,
          single(
              s,
              "SELECT COUNT(*) FROM run_faults WHERE recovery_seconds IS NULL"
                  + " AND back_after_seconds IS NULL AND output_gap_ms IS NULL"
                  + " AND run_id = '"
                  + A
                  + "'"));
      assertEquals(
          7.25,
          single(
              s,
              "SELECT value FROM run_metrics WHERE name = 'faults.max_recovery_s' AND run_id = '"
                  + A
                  + "'"),
          0);
      assertEquals(
          1,
          single(
              s,
              "SELECT value FROM run_metrics WHERE name = 'faults.not_recovered' AND run_id = '"
                  + A
                  + "'"),
          0);
    }
  }

  @Test
  void aFailedSaveLeavesNothingBehind() throws Exception {
    String db = freshDatabase();
    try (ResultStore store = open(db)) {
      RunResult r = SampleResults.run(A, "baseline", "2026-01-01T00:00:00Z");
      store.save(r);
      assertThrows(SQLException.class, () -> store.save(r));
      assertEquals(List.of(r), store.recent(10));
      store.save(SampleResults.run(B, "flink", "2026-01-02T00:00:00Z"));
      assertEquals(2, store.recent(10).size(), "the connection is usable after the failure");
    }
    try (Connection c = DatabaseLocation.parse(db).connect(credentials());
        Statement s = c.createStatement()) {
      assertEquals(2, single(s, "SELECT COUNT(*) FROM run_processes WHERE run_id = '" + A + "'"));
      assertEquals(2, single(s, "SELECT COUNT(*) FROM run_faults WHERE run_id = '" + A + "'"));
    }
  }

  @Test
  void idsCompareExactly() throws Exception {
    try (ResultStore store = open(freshDatabase())) {
      store.save(SampleResults.run("run-x", "baseline", "2026-01-01T00:00:00Z"));
      store.save(SampleResults.run("RUN-X", "baseline", "2026-01-01T00:00:00Z"));
      assertEquals("RUN-X", store.find("RUN-X").runId());
      assertEquals("run-x", store.find("run-x").runId());
      assertEquals(2, store.recent(10).size());
    }
  }

  @Test
  void calibrationsComeBackWhole() throws Exception {
    try (ResultStore store = open(freshDatabase())) {
      CalibrationResult c = SampleResults.calibration("20260103-000000-calibrate-cccc");
      store.saveCalibration(c);
      assertEquals(c, store.findCalibration("20260103-000000-calibrate-cccc"));
      assertNull(store.findCalibration("20260103"), "calibrations are found by their full id");
    }
  }

  @Test
  void suitesAndTheirPoints() throws Exception {
    try (ResultStore store = open(freshDatabase())) {
      SuiteStore suites = store.suites();
      assertNull(suites.latest());
      suites.start(SampleResults.suite("s1-aaaa", "sweep", "2026-01-01T00:00:00Z"));
      suites.start(SampleResults.suite("s2-bbbb", "sweep", "2026-01-02T00:00:00Z"));
      suites.start(SampleResults.suite("s2-cccc", "other", "2026-01-01T12:00:00Z"));

      String longKey = "engine=flink,workload=identity,rate=100000," + "set=x".repeat(80);
      suites.savePoint("s2-bbbb", SampleResults.point("engine=flink", 1, "failed", "r1"));
      suites.savePoint("s2-bbbb", SampleResults.point(longKey, 1, "completed", "r2"));
      PointOutcome redone = SampleResults.point("engine=flink", 1, "completed", "r1", "r3");
      suites.savePoint("s2-bbbb", redone);
      assertEquals(
          List.of(SampleResults.point(longKey, 1, "completed", "r2"), redone),
          suites.points("s2-bbbb"),
          "a saved point replaces its earlier row; in the order they finished");
      assertEquals(List.of(), suites.points("s1-aaaa"));

      assertEquals("s2-bbbb", suites.latest().suiteId());
      assertEquals("s2-bbbb", suites.latestUnfinished("sweep").suiteId());
      assertEquals(
          SampleResults.suite("s1-aaaa", "sweep", "2026-01-01T00:00:00Z"), suites.find("s1"));
      assertNull(suites.find("s2"), "an ambiguous prefix finds nothing");

      suites.finish("s2-bbbb", SuiteRecord.COMPLETED, "2026-01-02T01:00:00Z");
      SuiteRecord finished = suites.find("s2-bbbb");
      assertEquals(SuiteRecord.COMPLETED, finished.status());
      assertEquals("2026-01-02T01:00:00Z", finished.finishedAt());
      assertNull(suites.latestUnfinished("sweep"), "the latest of that name completed");
      assertEquals("s2-cccc", suites.latestUnfinished("other").suiteId());
    }
  }

  @Test
  void reopeningKeepsEverythingAndMigratesNothing() throws Exception {
    String db = freshDatabase();
    RunResult a = SampleResults.run(A, "baseline", "2026-01-01T00:00:00Z");
    try (ResultStore store = open(db)) {
      store.save(a);
    }
    try (ResultStore store = open(db)) {
      assertEquals(a, store.find(A));
    }
    try (Connection c = DatabaseLocation.parse(db).connect(credentials());
        Statement s = c.createStatement()) {
      assertEquals(SchemaMigrations.LATEST, single(s, "SELECT COUNT(*) FROM schema_version"));
      assertEquals(SchemaMigrations.LATEST, single(s, "SELECT MAX(version) FROM schema_version"));
    }
  }

  @Test
  void concurrentOpensOfANewDatabaseMigrateItOnce() throws Exception {
    String db = freshDatabase();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<ResultStore>> opening = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        opening.add(pool.submit(() -> open(db)));
      }
      for (Future<ResultStore> f : opening) {
        f.get().close();
      }
    } finally {
      pool.shutdownNow();
    }
    try (Connection c = DatabaseLocation.parse(db).connect(credentials());
        Statement s = c.createStatement()) {
      assertEquals(SchemaMigrations.LATEST, single(s, "SELECT COUNT(*) FROM schema_version"));
    }
  }

  private static double single(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1);
    }
  }
}
