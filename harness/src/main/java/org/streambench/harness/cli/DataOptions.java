package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import org.streambench.harness.Home;
import org.streambench.harness.results.ResultStore;
import picocli.CommandLine.Option;

/** Where results go: the data directory and the results database, shared by every command. */
final class DataOptions {
  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Directory for run directories and the default database (default: $STREAMBENCH_DATA,"
              + " else runs/ under the checkout).")
  Path dataDir;

  @Option(
      names = "--db",
      paramLabel = "FILE",
      description = "SQLite results database (default: results.db in the data directory).")
  Path db;

  /** The checkout's home with this command's data directory. */
  Home home() {
    Home detected = Home.detect();
    return dataDir == null
        ? detected
        : new Home(detected.root(), dataDir.toAbsolutePath().normalize());
  }

  Path database(Home home) {
    return db != null ? db : home.defaultDatabase();
  }

  ResultStore open(Home home) throws IOException, SQLException {
    return ResultStore.openSqlite(database(home));
  }
}
