package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import org.streambench.harness.Home;
import org.streambench.harness.results.ResultStore;
import picocli.CommandLine.Option;

/** The results database option shared by every command. */
final class DatabaseOption {
  @Option(
      names = "--db",
      paramLabel = "FILE",
      description = "SQLite results database (default: runs/results.db under the checkout).")
  Path db;

  ResultStore open(Home home) throws IOException, SQLException {
    return ResultStore.openSqlite(db != null ? db : home.defaultDatabase());
  }
}
