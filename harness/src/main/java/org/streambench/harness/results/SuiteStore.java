package org.streambench.harness.results;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Suites in the results database: {@code suites} (one row per execution of a suite file) and {@code
 * suite_points} (one row per finished point and repetition, with the runs it took). A point's row
 * is written only when the point is over, so {@code --resume} redoes exactly the points that never
 * finished.
 */
public final class SuiteStore {
  private final Connection connection;

  SuiteStore(Connection connection) {
    this.connection = connection;
  }

  public synchronized void start(SuiteRecord s) throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "INSERT INTO suites (suite_id, name, file, started_at, finished_at, status, spec_json)"
                + " VALUES (?,?,?,?,?,?,?)")) {
      ps.setString(1, s.suiteId());
      ps.setString(2, s.name());
      ps.setString(3, s.file());
      ps.setString(4, s.startedAt());
      ps.setString(5, s.finishedAt());
      ps.setString(6, s.status());
      ps.setString(7, s.specJson());
      ps.executeUpdate();
    }
  }

  public synchronized void finish(String suiteId, String status, String finishedAt)
      throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "UPDATE suites SET status = ?, finished_at = ? WHERE suite_id = ?")) {
      ps.setString(1, status);
      ps.setString(2, finishedAt);
      ps.setString(3, suiteId);
      ps.executeUpdate();
    }
  }

  /** Records a finished point (replacing an earlier row of the same point and repetition). */
  public synchronized void savePoint(String suiteId, PointOutcome p)
      throws SQLException, IOException {
    Transaction.run(
        connection,
        () -> {
          try (PreparedStatement ps =
              connection.prepareStatement(
                  "DELETE FROM suite_points"
                      + " WHERE suite_id = ? AND point_key = ? AND repetition = ?")) {
            ps.setString(1, suiteId);
            ps.setString(2, p.pointKey());
            ps.setInt(3, p.repetition());
            ps.executeUpdate();
          }
          try (PreparedStatement ps =
              connection.prepareStatement(
                  "INSERT INTO suite_points (suite_id, point_key, repetition, status, finished_at,"
                      + " outcome_json) VALUES (?,?,?,?,?,?)")) {
            ps.setString(1, suiteId);
            ps.setString(2, p.pointKey());
            ps.setInt(3, p.repetition());
            ps.setString(4, p.status());
            ps.setString(5, Instant.now().toString());
            ps.setString(6, ResultJson.toJson(p));
            ps.executeUpdate();
          }
        });
  }

  /** The finished points of a suite in the order they finished. */
  public List<PointOutcome> points(String suiteId) throws SQLException, IOException {
    List<PointOutcome> out = new ArrayList<>();
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT outcome_json FROM suite_points WHERE suite_id = ? ORDER BY finished_at, point_key, repetition")) {
      ps.setString(1, suiteId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(ResultJson.fromJson(rs.getString(1), PointOutcome.class));
        }
      }
    }
    return out;
  }

  /** The suite with this id or unique id prefix, or null. */
  public SuiteRecord find(String idOrPrefix) throws SQLException {
    List<SuiteRecord> found = new ArrayList<>();
    for (SuiteRecord s : query("ORDER BY started_at DESC", null)) {
      if (s.suiteId().equals(idOrPrefix)) {
        return s;
      }
      if (s.suiteId().startsWith(idOrPrefix)) {
        found.add(s);
      }
    }
    return found.size() == 1 ? found.get(0) : null;
  }

  /** The most recently started suite, or null if there is none. */
  public SuiteRecord latest() throws SQLException {
    List<SuiteRecord> all = query("ORDER BY started_at DESC, suite_id DESC", null);
    return all.isEmpty() ? null : all.get(0);
  }

  /** The most recently started suite with this name that did not complete, or null. */
  public SuiteRecord latestUnfinished(String name) throws SQLException {
    for (SuiteRecord s : query("WHERE name = ? ORDER BY started_at DESC", name)) {
      return s.status().equals(SuiteRecord.COMPLETED) ? null : s;
    }
    return null;
  }

  private List<SuiteRecord> query(String where, String arg) throws SQLException {
    List<SuiteRecord> out = new ArrayList<>();
    String sql =
        "SELECT suite_id, name, file, started_at, finished_at, status, spec_json FROM suites "
            + where;
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      if (arg != null) {
        ps.setString(1, arg);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new SuiteRecord(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7)));
        }
      }
    }
    return out;
  }
}
