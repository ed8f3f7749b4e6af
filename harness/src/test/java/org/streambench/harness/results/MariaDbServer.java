package org.streambench.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A MariaDB server of its own (Debian package mariadb-server), user {@code streambench}. */
public final class MariaDbServer extends LocalDatabaseServer {
  private MariaDbServer() throws IOException {
    super("mariadb");
  }

  /** Starts one, or skips the calling test class if MariaDB is not installed. */
  public static MariaDbServer start() throws Exception {
    Path server = executable("mariadbd", "/usr/sbin/mariadbd");
    Path installDb = executable("mariadb-install-db", "/usr/bin/mariadb-install-db");
    if (server == null || installDb == null) {
      skip("MariaDB server not installed (apt-get install mariadb-server); skipping");
    }
    MariaDbServer s = new MariaDbServer();
    try {
      Path data = s.dir.resolve("data");
      s.setUp(
          List.of(
              installDb.toString(),
              "--no-defaults",
              "--datadir=" + data,
              "--skip-test-db",
              "--skip-name-resolve"),
          Duration.ofMinutes(2));
      // runs at start-up with every privilege: the user the tests connect as, over TCP only
      Path init = s.dir.resolve("init.sql");
      Files.writeString(
          init,
          "CREATE USER IF NOT EXISTS '%1$s'@'127.0.0.1' IDENTIFIED BY '%2$s';\n"
                  .formatted(USER, s.password)
              + "GRANT ALL PRIVILEGES ON *.* TO '%s'@'127.0.0.1';\n".formatted(USER));
      s.startServer(
          List.of(
              server.toString(),
              "--no-defaults",
              "--datadir=" + data,
              "--socket=" + s.dir.resolve("mysqld.sock"),
              "--pid-file=" + s.dir.resolve("mysqld.pid"),
              "--port=" + s.port,
              "--bind-address=127.0.0.1",
              "--skip-networking=0",
              "--skip-name-resolve",
              "--init-file=" + init,
              "--innodb-buffer-pool-size=16M",
              "--performance-schema=OFF",
              "--max-connections=50"),
          "TERM");
      return s;
    } catch (Exception | Error e) {
      s.close();
      throw e;
    }
  }

  @Override
  public String url(String database) {
    return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
  }

  @Override
  protected String adminDatabase() {
    return "";
  }
}
