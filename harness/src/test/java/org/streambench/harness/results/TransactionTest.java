package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class TransactionTest {
  /**
   * A connection as SQLite's is after a full disk: the failed statement ended the transaction, so
   * rolling back and restoring auto-commit fail as well.
   */
  private static Connection endedByTheDatabase() {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              boolean restoring =
                  method.getName().equals("setAutoCommit") && Boolean.TRUE.equals(args[0]);
              if (restoring || method.getName().equals("rollback")) {
                throw new SQLException("cannot commit - no transaction is active");
              }
              return null;
            });
  }

  @Test
  void aFailedWriteIsReportedAsItselfNotAsTheRollbackThatFollowed() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                Transaction.run(
                    endedByTheDatabase(),
                    () -> {
                      throw new SQLException("database or disk is full");
                    }));
    assertEquals("database or disk is full", e.getMessage());
    assertEquals(2, e.getSuppressed().length);
  }
}
