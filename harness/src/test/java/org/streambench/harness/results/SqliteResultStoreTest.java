package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results database on SQLite, the default. */
class SqliteResultStoreTest extends ResultStoreContract {
  @TempDir Path dir;
  private int databases;

  @Override
  String freshDatabase() {
    return dir.resolve("db" + ++databases).resolve("results.db").toString();
  }

  @Override
  DatabaseCredentials credentials() {
    return DatabaseCredentials.NONE;
  }

  /**
   * Openers racing to switch a new file to WAL: SQLite answers one of them SQLITE_BUSY at once,
   * without waiting, where waiting could deadlock (both hold a shared lock and want it exclusive).
   * Once in a CI run out of a few; many rounds make it show.
   */
  @Test
  void manyRacesToOpenNewDatabasesAllSucceed() throws Exception {
    for (int round = 0; round < 40; round++) {
      concurrentOpensOfANewDatabaseMigrateItOnce();
    }
  }

  @Test
  void aJdbcUrlNamesTheSameFileAsItsPath() throws Exception {
    String file = freshDatabase();
    RunResult r = SampleResults.run("20260101-000000-baseline-aaaa", "baseline", "2026-01-01");
    try (ResultStore store = open("jdbc:sqlite:" + file)) {
      store.save(r);
    }
    try (ResultStore store = ResultStore.openSqlite(Path.of(file))) {
      assertEquals(r, store.find(r.runId()));
    }
    assertEquals(file, DatabaseLocation.parse("jdbc:sqlite:" + file).describe());
  }

  @Test
  void theFileIsInWriteAheadLogMode() throws Exception {
    String file = freshDatabase();
    open(file).close();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
      rs.next();
      assertEquals("wal", rs.getString(1));
    }
  }
}
