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

  static void run(Connection connection, Work work) throws SQLException, IOException {
    connection.setAutoCommit(false);
    try {
      work.run();
      connection.commit();
    } catch (SQLException | IOException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }
}
