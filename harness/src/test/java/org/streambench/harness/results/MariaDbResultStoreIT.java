package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The results database on a real MariaDB server, through jdbc:mariadb: and jdbc:mysql: URLs. */
class MariaDbResultStoreIT extends ServerResultStoreContract {
  @Override
  LocalDatabaseServer startServer() throws Exception {
    return MariaDbServer.start();
  }

  @Test
  void theMysqlSchemeReachesTheSameServer() throws Exception {
    String mariadb = freshDatabase();
    String mysql = mariadb.replace("jdbc:mariadb:", "jdbc:mysql:");
    RunResult r = SampleResults.run("20260101-000000-baseline-aaaa", "baseline", "2026-01-01");
    try (ResultStore store = ResultStore.open(mysql, credentials())) {
      store.save(r);
    }
    try (ResultStore store = ResultStore.open(mariadb, credentials())) {
      assertEquals(r, store.find(r.runId()));
    }
    assertEquals(mysql, DatabaseLocation.parse(mysql).describe(), "shown as the user gave it");
  }
}
