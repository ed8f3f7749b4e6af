package org.streambench.harness.results;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What differs between the databases the results can live in. The schema is written once, with
 * placeholders for the column types and table options that differ: {@code {key}} (a primary or
 * foreign key), {@code {long_key}} (a longer key), {@code {document}} (JSON of any size) and {@code
 * {table_options}}.
 */
public enum Dialect {
  SQLITE("SQLite", "TEXT", "TEXT", "TEXT", "") {
    private static final int BUSY_TIMEOUT_MS = 10_000;
    private static final int SQLITE_BUSY = 5;

    private static void pause() throws SQLException {
      try {
        Thread.sleep(ThreadLocalRandom.current().nextInt(5, 25));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while opening the database", e);
      }
    }

    @Override
    Properties connectionProperties() {
      Properties p = new Properties();
      // Every transaction takes the write lock when it begins, so two processes migrating or
      // saving at once queue (busy_timeout) instead of failing when one upgrades a read lock.
      p.setProperty("transaction_mode", "IMMEDIATE");
      return p;
    }

    @Override
    void prepareSession(Statement s) throws SQLException {
      s.execute("PRAGMA busy_timeout=" + BUSY_TIMEOUT_MS);
      // Switching a new file to WAL needs its exclusive lock. Two openers doing it at once can both
      // hold the shared lock; SQLite then answers one SQLITE_BUSY at once instead of calling the
      // busy handler (waiting would deadlock), so the switch is retried within the busy timeout.
      long deadline = System.nanoTime() + BUSY_TIMEOUT_MS * 1_000_000L;
      while (true) {
        try {
          s.execute("PRAGMA journal_mode=WAL");
          return;
        } catch (SQLException e) {
          if (e.getErrorCode() != SQLITE_BUSY || System.nanoTime() > deadline) {
            throw e;
          }
          pause();
        }
      }
    }

    @Override
    void lockSchema(Statement s) {
      // the IMMEDIATE transaction the migration runs in is the lock
    }
  },

  /**
   * MySQL and MariaDB: keys cannot be TEXT (VARCHAR sized so that the widest primary key stays
   * under InnoDB's 3072-byte limit in utf8mb4), TEXT holds only 64 KB, and tables must say their
   * character set, since a server's default may be latin1, and a binary collation, since the
   * default ones compare case-insensitively.
   */
  MYSQL(
      "MySQL/MariaDB",
      "VARCHAR(191)",
      "VARCHAR(512)",
      "LONGTEXT",
      " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin") {
    private static final String LOCK = "'streambench.schema'";

    @Override
    void lockSchema(Statement s) throws SQLException {
      try (ResultSet rs = s.executeQuery("SELECT GET_LOCK(" + LOCK + ", 60)")) {
        if (!rs.next() || rs.getInt(1) != 1) {
          throw new SQLException(
              "another streambench has been migrating this database's schema for a minute");
        }
      }
    }

    @Override
    void unlockSchema(Statement s) throws SQLException {
      s.executeQuery("SELECT RELEASE_LOCK(" + LOCK + ")").close();
    }
  },

  POSTGRESQL("PostgreSQL", "TEXT", "TEXT", "TEXT", "") {
    @Override
    void lockSchema(Statement s) throws SQLException {
      // held until the migration's transaction ends; the number is streambench's own
      s.executeQuery("SELECT pg_advisory_xact_lock(5718236419)").close();
    }
  };

  private final String displayName;
  private final String keyType;
  private final String longKeyType;
  private final String documentType;
  private final String tableOptions;

  Dialect(
      String displayName,
      String keyType,
      String longKeyType,
      String documentType,
      String tableOptions) {
    this.displayName = displayName;
    this.keyType = keyType;
    this.longKeyType = longKeyType;
    this.documentType = documentType;
    this.tableOptions = tableOptions;
  }

  public String displayName() {
    return displayName;
  }

  /** The DDL statement {@code template} in this dialect. */
  String ddl(String template) {
    return template
        .replace("{key}", keyType)
        .replace("{long_key}", longKeyType)
        .replace("{document}", documentType)
        .replace("{table_options}", tableOptions)
        .strip();
  }

  /** Driver properties besides the credentials. */
  Properties connectionProperties() {
    return new Properties();
  }

  /** Sets up a new connection. */
  void prepareSession(Statement s) throws SQLException {}

  /**
   * Makes concurrent migrations of one database wait for each other; called first in the
   * migration's transaction.
   */
  abstract void lockSchema(Statement s) throws SQLException;

  /** Releases what {@link #lockSchema} took if the transaction's end does not. */
  void unlockSchema(Statement s) throws SQLException {}
}
