package org.streambench.harness.results;

/** The results database on a real PostgreSQL server. */
class PostgresResultStoreIT extends ServerResultStoreContract {
  @Override
  LocalDatabaseServer startServer() throws Exception {
    return PostgresServer.start();
  }
}
