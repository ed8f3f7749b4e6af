package org.streambench.harness.results;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results database: SQLite by default, or MySQL/MariaDB or PostgreSQL (schema in {@link
 * SchemaMigrations}, differences in {@link Dialect}). Each run is stored in one transaction: its
 * row in {@code runs} (with the full {@code result.json}), its headline figures in {@code
 * run_metrics} and its processes in {@code run_processes}, so a crash never leaves half a run
 * behind.
 */
public final class ResultStore implements AutoCloseable {
  private final Connection connection;
  private final SuiteStore suites;

  private ResultStore(Connection connection) {
    this.connection = connection;
    this.suites = new SuiteStore(connection);
  }

  /** The suites kept in the same database. */
  public SuiteStore suites() {
    return suites;
  }

  /**
   * Opens the database at {@code urlOrPath} (a SQLite file's path or a JDBC URL, see {@link
   * DatabaseLocation#parse}), creating or migrating its schema as needed.
   *
   * @throws org.streambench.harness.UsageException if {@code urlOrPath} is an unsupported URL, or
   *     as {@link #open(DatabaseLocation, DatabaseCredentials)}
   */
  public static ResultStore open(String urlOrPath, DatabaseCredentials credentials)
      throws IOException, SQLException {
    return open(DatabaseLocation.parse(urlOrPath), credentials);
  }

  /**
   * Opens the database at {@code location}, creating or migrating its schema as needed.
   *
   * @throws org.streambench.harness.UsageException if the database cannot be reached, refuses the
   *     credentials or has a schema newer than this code knows
   */
  public static ResultStore open(DatabaseLocation location, DatabaseCredentials credentials)
      throws IOException, SQLException {
    Connection c = location.connect(credentials);
    try {
      // its own statement: SQLite's pragmas leave results open that would block a commit
      try (Statement s = c.createStatement()) {
        location.dialect().prepareSession(s);
      }
      SchemaMigrations.migrate(c, location.dialect());
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
    return new ResultStore(c);
  }

  /** Opens (creating if needed) the SQLite database at {@code file}. */
  public static ResultStore openSqlite(Path file) throws IOException, SQLException {
    return open(DatabaseLocation.sqlite(file), DatabaseCredentials.NONE);
  }

  public synchronized void save(RunResult r) throws SQLException, IOException {
    Transaction.run(
        connection,
        () -> {
          try (PreparedStatement ps =
              connection.prepareStatement(
                  "INSERT INTO runs (run_id, started_at, finished_at, engine, workload, mode,"
                      + " guarantee, parallelism, status, verdict, reasons, config_hash, tool_version,"
                      + " run_dir, result_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            ps.setString(1, r.runId());
            ps.setString(2, r.startedAt());
            ps.setString(3, r.finishedAt());
            ps.setString(4, r.engine());
            ps.setString(5, r.workload());
            ps.setString(6, text(r.mode()));
            ps.setString(7, text(r.guarantee()));
            ps.setInt(8, r.parallelism());
            ps.setString(9, text(r.status()));
            ps.setString(10, text(r.verdict()));
            ps.setString(11, r.reasons() == null ? null : String.join("; ", r.reasons()));
            ps.setString(12, r.configHash());
            ps.setString(13, toolVersion(r));
            ps.setString(14, r.runDir());
            ps.setString(15, ResultJson.toJson(r));
            ps.executeUpdate();
          }
          try (PreparedStatement ps =
              connection.prepareStatement(
                  "INSERT INTO run_metrics (run_id, name, value) VALUES (?,?,?)")) {
            for (Map.Entry<String, Double> m : RunMetrics.of(r).entrySet()) {
              ps.setString(1, r.runId());
              ps.setString(2, m.getKey());
              ps.setDouble(3, m.getValue());
              ps.addBatch();
            }
            ps.executeBatch();
          }
          if (r.processes() != null) {
            try (PreparedStatement ps =
                connection.prepareStatement(
                    "INSERT INTO run_processes (run_id, role, pid, cpu_seconds, steady_cores,"
                        + " peak_rss_bytes) VALUES (?,?,?,?,?,?)")) {
              for (ProcessUsage p : r.processes()) {
                ps.setString(1, r.runId());
                ps.setString(2, p.role());
                ps.setLong(3, p.pid());
                ps.setDouble(4, p.cpuSeconds());
                ps.setDouble(5, p.steadyCores());
                ps.setLong(6, p.peakRssBytes());
                ps.addBatch();
              }
              ps.executeBatch();
            }
          }
          if (r.faults() != null) {
            saveFaults(r);
          }
        });
  }

  private void saveFaults(RunResult r) throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "INSERT INTO run_faults (run_id, fault_number, fault, action, target, process,"
                + " at_seconds, back_after_seconds, output_gap_ms, recovery, recovery_seconds,"
                + " peak_p99_ms, peak_backlog) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
      for (RunResult.Fault f : r.faults()) {
        ps.setString(1, r.runId());
        ps.setInt(2, f.number());
        ps.setString(3, f.fault());
        ps.setString(4, f.action());
        ps.setString(5, f.target());
        ps.setString(6, f.process());
        ps.setDouble(7, f.atSeconds());
        setNullable(ps, 8, f.backAfterSeconds());
        setNullable(ps, 9, f.outputGapMillis());
        ps.setString(10, f.recovery());
        setNullable(ps, 11, f.recoverySeconds());
        ps.setDouble(12, f.peakP99Millis());
        ps.setLong(13, f.peakBacklog());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  private static void setNullable(PreparedStatement ps, int i, Double value) throws SQLException {
    if (value == null) {
      ps.setNull(i, java.sql.Types.DOUBLE);
    } else {
      ps.setDouble(i, value);
    }
  }

  public synchronized void saveCalibration(CalibrationResult c) throws SQLException, IOException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "INSERT INTO calibrations (calibration_id, started_at, result_json) VALUES (?,?,?)")) {
      ps.setString(1, c.calibrationId());
      ps.setString(2, c.startedAt());
      ps.setString(3, ResultJson.toJson(c));
      ps.executeUpdate();
    }
  }

  /** The calibration with this id, or null. */
  public CalibrationResult findCalibration(String id) throws SQLException, IOException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT result_json FROM calibrations WHERE calibration_id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? ResultJson.fromJson(rs.getString(1), CalibrationResult.class) : null;
      }
    }
  }

  /** The most recent runs, newest first. */
  public List<RunResult> recent(int limit) throws SQLException, IOException {
    List<RunResult> out = new ArrayList<>();
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT result_json FROM runs ORDER BY started_at DESC, run_id DESC LIMIT ?")) {
      ps.setInt(1, limit);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(ResultJson.fromJson(rs.getString(1)));
        }
      }
    }
    return out;
  }

  /**
   * The runs matching a condition on the {@code runs} table's columns (an SQL boolean expression
   * such as {@code engine = 'flink' AND verdict = 'valid'}), newest first. The condition is the
   * user's own query against their own database.
   */
  public List<RunResult> where(String condition) throws SQLException, IOException {
    List<RunResult> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT result_json FROM runs WHERE ("
                    + condition
                    + ") ORDER BY started_at DESC, run_id DESC")) {
      while (rs.next()) {
        out.add(ResultJson.fromJson(rs.getString(1)));
      }
    }
    return out;
  }

  /** These runs in the order given; ids not found are skipped. */
  public List<RunResult> runs(List<String> runIds) throws SQLException, IOException {
    List<RunResult> out = new ArrayList<>();
    for (String id : runIds) {
      RunResult r = load(id);
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }

  /** The run with this id, or with a unique id prefix; null if none or ambiguous. */
  public RunResult find(String idOrPrefix) throws SQLException, IOException {
    List<String> ids = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT run_id FROM runs")) {
      while (rs.next()) {
        String id = rs.getString(1);
        if (id.equals(idOrPrefix)) {
          return load(id);
        }
        if (id.startsWith(idOrPrefix)) {
          ids.add(id);
        }
      }
    }
    return ids.size() == 1 ? load(ids.get(0)) : null;
  }

  private RunResult load(String runId) throws SQLException, IOException {
    try (PreparedStatement ps =
        connection.prepareStatement("SELECT result_json FROM runs WHERE run_id = ?")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? ResultJson.fromJson(rs.getString(1)) : null;
      }
    }
  }

  /** A typed field's column text: its id, as in {@code result.json}; null stays null. */
  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  private static String toolVersion(RunResult r) {
    if (r.provenance() != null && r.provenance().get("tool") instanceof Map<?, ?> tool) {
      return String.valueOf(tool.get("version")) + "@" + tool.get("commit");
    }
    return null;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
