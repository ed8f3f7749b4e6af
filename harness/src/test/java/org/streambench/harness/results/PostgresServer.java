package org.streambench.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of its own (Debian package postgresql, binaries in {@code
 * /usr/lib/postgresql/<version>/bin}), user {@code streambench}, password authentication.
 */
public final class PostgresServer extends LocalDatabaseServer {
  private PostgresServer() throws IOException {
    super("postgresql");
  }

  /** Starts one, or skips the calling test class if PostgreSQL is not installed. */
  public static PostgresServer start() throws Exception {
    Path bin = binaries();
    if (bin == null) {
      skip("PostgreSQL server not installed (apt-get install postgresql); skipping");
    }
    PostgresServer s = new PostgresServer();
    try {
      Path data = s.dir.resolve("data");
      Path passwordFile = s.dir.resolve("password");
      Files.writeString(passwordFile, s.password);
      s.setUp(
          List.of(
              bin.resolve("initdb").toString(),
              "--pgdata=" + data,
              "--username=" + USER,
              "--pwfile=" + passwordFile,
              "--auth=scram-sha-256",
              "--encoding=UTF8",
              "--locale=C",
              "--no-sync"),
          Duration.ofMinutes(2));
      s.startServer(
          List.of(
              bin.resolve("postgres").toString(),
              "-D",
              data.toString(),
              "-h",
              "127.0.0.1",
              "-p",
              Integer.toString(s.port),
              "-k",
              s.dir.toString(),
              "-c",
              "fsync=off",
              "-c",
              "synchronous_commit=off",
              "-c",
              "shared_buffers=16MB",
              "-c",
              "max_connections=50"),
          "INT");
      return s;
    } catch (Exception | Error e) {
      s.close();
      throw e;
    }
  }

  /** The directory with initdb and postgres: Debian's newest version, else the PATH's. */
  private static Path binaries() throws IOException {
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (Stream<Path> versions = Files.list(debian)) {
        Path newest =
            versions
                .map(v -> v.resolve("bin"))
                .filter(b -> Files.isExecutable(b.resolve("postgres")))
                .filter(b -> Files.isExecutable(b.resolve("initdb")))
                .max(Comparator.comparing(PostgresServer::majorVersion))
                .orElse(null);
        if (newest != null) {
          return newest;
        }
      }
    }
    Path postgres = executable("postgres");
    return postgres != null && Files.isExecutable(postgres.resolveSibling("initdb"))
        ? postgres.getParent()
        : null;
  }

  private static int majorVersion(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  @Override
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  @Override
  protected String adminDatabase() {
    return "postgres";
  }
}
