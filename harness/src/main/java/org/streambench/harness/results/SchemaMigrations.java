package org.streambench.harness.results;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.streambench.harness.UsageException;

/**
 * The schema as an ordered list of migrations, applied on open to bring any database up to date.
 * {@code schema_version} holds one row per applied migration. Migrations 1 and 2 create tables only
 * if they are missing, which is how a SQLite database from before {@code schema_version} (same
 * tables, same columns) is adopted with its data. A new migration is appended, never edited.
 *
 * <p>On SQLite and PostgreSQL a migration is all-or-nothing; MySQL commits each DDL statement by
 * itself, so there a failed migration may leave part of its DDL applied.
 */
final class SchemaMigrations {
  private record Migration(int version, String description, List<String> ddl) {}

  private static final String VERSION_TABLE =
      """
      CREATE TABLE IF NOT EXISTS schema_version (
        version INTEGER NOT NULL PRIMARY KEY,
        description TEXT NOT NULL,
        applied_at TEXT NOT NULL){table_options}
      """;

  private static final List<Migration> MIGRATIONS =
      List.of(
          new Migration(
              1,
              "runs, run_metrics, run_processes, calibrations",
              List.of(
                  """
                  CREATE TABLE IF NOT EXISTS runs (
                    run_id {key} PRIMARY KEY,
                    started_at TEXT NOT NULL,
                    finished_at TEXT,
                    engine TEXT NOT NULL,
                    workload TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    guarantee TEXT NOT NULL,
                    parallelism INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    verdict TEXT NOT NULL,
                    reasons {document},
                    config_hash TEXT,
                    tool_version TEXT,
                    run_dir TEXT,
                    result_json {document} NOT NULL){table_options}
                  """,
                  """
                  CREATE TABLE IF NOT EXISTS run_metrics (
                    run_id {key} NOT NULL,
                    name {key} NOT NULL,
                    value DOUBLE PRECISION,
                    PRIMARY KEY (run_id, name),
                    FOREIGN KEY (run_id) REFERENCES runs(run_id)){table_options}
                  """,
                  """
                  CREATE TABLE IF NOT EXISTS run_processes (
                    run_id {key} NOT NULL,
                    role {key} NOT NULL,
                    pid BIGINT,
                    cpu_seconds DOUBLE PRECISION,
                    steady_cores DOUBLE PRECISION,
                    peak_rss_bytes BIGINT,
                    PRIMARY KEY (run_id, role),
                    FOREIGN KEY (run_id) REFERENCES runs(run_id)){table_options}
                  """,
                  """
                  CREATE TABLE IF NOT EXISTS calibrations (
                    calibration_id {key} PRIMARY KEY,
                    started_at TEXT NOT NULL,
                    result_json {document} NOT NULL){table_options}
                  """)),
          new Migration(
              2,
              "suites, suite_points",
              List.of(
                  """
                  CREATE TABLE IF NOT EXISTS suites (
                    suite_id {key} PRIMARY KEY,
                    name TEXT NOT NULL,
                    file TEXT,
                    started_at TEXT NOT NULL,
                    finished_at TEXT,
                    status TEXT NOT NULL,
                    spec_json {document} NOT NULL){table_options}
                  """,
                  """
                  CREATE TABLE IF NOT EXISTS suite_points (
                    suite_id {key} NOT NULL,
                    point_key {long_key} NOT NULL,
                    repetition INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    finished_at TEXT NOT NULL,
                    outcome_json {document} NOT NULL,
                    PRIMARY KEY (suite_id, point_key, repetition),
                    FOREIGN KEY (suite_id) REFERENCES suites(suite_id)){table_options}
                  """)),
          new Migration(
              3,
              "run_faults",
              List.of(
                  """
                  CREATE TABLE IF NOT EXISTS run_faults (
                    run_id {key} NOT NULL,
                    fault_number INTEGER NOT NULL,
                    fault TEXT NOT NULL,
                    action TEXT NOT NULL,
                    target TEXT NOT NULL,
                    process TEXT,
                    at_seconds DOUBLE PRECISION NOT NULL,
                    back_after_seconds DOUBLE PRECISION,
                    output_gap_ms DOUBLE PRECISION,
                    recovery TEXT NOT NULL,
                    recovery_seconds DOUBLE PRECISION,
                    peak_p99_ms DOUBLE PRECISION,
                    peak_backlog BIGINT,
                    PRIMARY KEY (run_id, fault_number),
                    FOREIGN KEY (run_id) REFERENCES runs(run_id)){table_options}
                  """)));

  /** The version this code brings a database to. */
  static final int LATEST = MIGRATIONS.get(MIGRATIONS.size() - 1).version();

  private SchemaMigrations() {}

  /** Applies the migrations {@code c}'s database lacks, one transaction for all of them. */
  static void migrate(Connection c, Dialect dialect) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      dialect.lockSchema(s);
      try {
        s.execute(dialect.ddl(VERSION_TABLE));
        int current = currentVersion(s);
        if (current > LATEST) {
          throw new UsageException(
              "the database's schema is at version "
                  + current
                  + ", newer than this streambench knows ("
                  + LATEST
                  + "); use a newer streambench");
        }
        for (Migration m : MIGRATIONS) {
          if (m.version() > current) {
            apply(c, s, dialect, m);
          }
        }
        c.commit();
      } finally {
        dialect.unlockSchema(s);
      }
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  /** The highest applied migration, 0 for a new database or one from before versioning. */
  static int currentVersion(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  private static void apply(Connection c, Statement s, Dialect dialect, Migration m)
      throws SQLException {
    for (String ddl : m.ddl()) {
      s.execute(dialect.ddl(ddl));
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO schema_version (version, description, applied_at) VALUES (?,?,?)")) {
      ps.setInt(1, m.version());
      ps.setString(2, m.description());
      ps.setString(3, Instant.now().toString());
      ps.executeUpdate();
    }
  }
}
