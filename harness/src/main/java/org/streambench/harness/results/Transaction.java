package org.streambench.harness.results;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/** All of a write or none of it, on a connection that is otherwise in auto-commit mode. */
final class Transaction {
  private Transaction() {}

  interface Work {
    void run() throws SQLException, IOException;
  }

  /**
   * Runs {@code work} and commits it, or rolls it back and rethrows what failed. Where rolling back
   * or restoring auto-commit fails too (SQLite has then ended the transaction itself, after a full
   * disk), that is added to the first failure, not thrown instead of it.
   */
  static void run(Connection connection, Work work) throws SQLException, IOException {
    connection.setAutoCommit(false);
    Exception failure = null;
    try {
      work.run();
      connection.commit();
    } catch (SQLException | IOException | RuntimeException e) {
      failure = e;
      try {
        connection.rollback();
      } catch (SQLException | RuntimeException r) {
        e.addSuppressed(r);
      }
      throw e;
    } finally {
      try {
        connection.setAutoCommit(true);
      } catch (SQLException e) {
        if (failure == null) {
          throw e;
        }
        failure.addSuppressed(e);
      }
    }
  }
}
