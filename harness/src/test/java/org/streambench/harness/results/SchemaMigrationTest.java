package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.harness.UsageException;

/** SQLite databases written before {@code schema_version} existed are adopted with their data. */
class SchemaMigrationTest {
  /** The DDL streambench used before migrations, verbatim. */
  private static final List<String> RESULTS_DDL_BEFORE_MIGRATIONS =
      List.of(
          """
          CREATE TABLE IF NOT EXISTS runs (
            run_id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            engine TEXT NOT NULL,
            workload TEXT NOT NULL,
            mode TEXT NOT NULL,
            guarantee TEXT NOT NULL,
            parallelism INTEGER NOT NULL,
            status TEXT NOT NULL,
            verdict TEXT NOT NULL,
            reasons TEXT,
            config_hash TEXT,
            tool_version TEXT,
            run_dir TEXT,
            result_json TEXT NOT NULL)
          """,
          """
          CREATE TABLE IF NOT EXISTS run_metrics (
            run_id TEXT NOT NULL REFERENCES runs(run_id),
            name TEXT NOT NULL,
            value DOUBLE PRECISION,
            PRIMARY KEY (run_id, name))
          """,
          """
          CREATE TABLE IF NOT EXISTS run_processes (
            run_id TEXT NOT NULL REFERENCES runs(run_id),
            role TEXT NOT NULL,
            pid BIGINT,
            cpu_seconds DOUBLE PRECISION,
            steady_cores DOUBLE PRECISION,
            peak_rss_bytes BIGINT,
            PRIMARY KEY (run_id, role))
          """,
          """
          CREATE TABLE IF NOT EXISTS calibrations (
            calibration_id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            result_json TEXT NOT NULL)
          """);

  /** The suite tables as first written, also before migrations. */
  private static final List<String> SUITES_DDL_BEFORE_MIGRATIONS =
      List.of(
          """
          CREATE TABLE IF NOT EXISTS suites (
            suite_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            file TEXT,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            status TEXT NOT NULL,
            spec_json TEXT NOT NULL)
          """,
          """
          CREATE TABLE IF NOT EXISTS suite_points (
            suite_id TEXT NOT NULL REFERENCES suites(suite_id),
            point_key TEXT NOT NULL,
            repetition INTEGER NOT NULL,
            status TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            outcome_json TEXT NOT NULL,
            PRIMARY KEY (suite_id, point_key, repetition))
          """);

  private static final String RUN = "20260101-000000-baseline-aaaa";
  private static final String CALIBRATION = "20260103-000000-calibrate-cccc";

  @TempDir Path dir;

  @ParameterizedTest(name = "with suite tables: {0}")
  @ValueSource(booleans = {false, true})
  void anOldDatabaseIsAdoptedWithItsData(boolean withSuites) throws Exception {
    Path file = dir.resolve("results.db");
    RunResult run = SampleResults.run(RUN, "baseline", "2026-01-01T00:00:00Z");
    CalibrationResult calibration = SampleResults.calibration(CALIBRATION);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      for (String ddl : RESULTS_DDL_BEFORE_MIGRATIONS) {
        s.execute(ddl);
      }
      insertRun(c, run);
      insert(c, "INSERT INTO run_metrics VALUES (?,?,?)", RUN, "throughput.out", 999.5);
      insert(c, "INSERT INTO run_processes VALUES (?,?,?,?,?,?)", RUN, "engine", 42, 1.5, 0.3, 1);
      insert(
          c,
          "INSERT INTO calibrations VALUES (?,?,?)",
          CALIBRATION,
          calibration.startedAt(),
          ResultJson.toJson(calibration));
      if (withSuites) {
        for (String ddl : SUITES_DDL_BEFORE_MIGRATIONS) {
          s.execute(ddl);
        }
        insert(
            c,
            "INSERT INTO suites VALUES (?,?,?,?,?,?,?)",
            "s1-aaaa",
            "sweep",
            "suites/sweep.yaml",
            "2026-01-01T00:00:00Z",
            null,
            SuiteRecord.RUNNING,
            "{\"x\":1}");
        insert(
            c,
            "INSERT INTO suite_points VALUES (?,?,?,?,?,?)",
            "s1-aaaa",
            "engine=flink",
            1,
            "completed",
            "2026-01-01T00:01:00Z",
            ResultJson.toJson(SampleResults.point("engine=flink", 1, "completed", RUN)));
      }
    }

    try (ResultStore store = ResultStore.openSqlite(file)) {
      assertEquals(run, store.find(RUN));
      assertEquals(calibration, store.findCalibration(CALIBRATION));
      if (withSuites) {
        assertEquals("s1-aaaa", store.suites().latestUnfinished("sweep").suiteId());
        assertEquals(
            List.of(SampleResults.point("engine=flink", 1, "completed", RUN)),
            store.suites().points("s1-aaaa"));
      }
      store.suites().start(SampleResults.suite("s2-bbbb", "new", "2026-02-01T00:00:00Z"));
      store.save(SampleResults.run("20260201-000000-flink-bbbb", "flink", "2026-02-01"));
      assertEquals(2, store.recent(10).size());
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      assertEquals(SchemaMigrations.LATEST, SchemaMigrations.currentVersion(s));
      try (ResultSet rs =
          s.executeQuery("SELECT value FROM run_metrics WHERE run_id = '" + RUN + "'")) {
        assertTrue(rs.next());
        assertEquals(999.5, rs.getDouble(1));
      }
    }
  }

  @Test
  void aSchemaNewerThanThisCodeIsRefusedUntouched() throws Exception {
    Path file = dir.resolve("results.db");
    try (ResultStore store = ResultStore.openSqlite(file)) {
      store.save(SampleResults.run(RUN, "baseline", "2026-01-01T00:00:00Z"));
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      insert(
          c,
          "INSERT INTO schema_version VALUES (?,?,?)",
          SchemaMigrations.LATEST + 1,
          "from the future",
          "2030-01-01T00:00:00Z");
    }
    UsageException e = assertThrows(UsageException.class, () -> ResultStore.openSqlite(file));
    assertTrue(e.getMessage().contains("newer than this streambench"), e.getMessage());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      assertEquals(SchemaMigrations.LATEST + 1, SchemaMigrations.currentVersion(s));
    }
  }

  private static void insertRun(Connection c, RunResult r) throws Exception {
    insert(
        c,
        "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        r.runId(),
        r.startedAt(),
        r.finishedAt(),
        r.engine(),
        r.workload(),
        r.mode(),
        r.guarantee(),
        r.parallelism(),
        r.status(),
        r.verdict(),
        String.join("; ", r.reasons()),
        r.configHash(),
        "0.1.0@deadbeef",
        r.runDir(),
        ResultJson.toJson(r));
  }

  private static void insert(Connection c, String sql, Object... values) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        ps.setObject(i + 1, values[i]);
      }
      ps.executeUpdate();
    }
  }
}
