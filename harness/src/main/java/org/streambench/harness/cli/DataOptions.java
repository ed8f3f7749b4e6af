package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.results.DatabaseCredentials;
import org.streambench.harness.results.DatabaseLocation;
import org.streambench.harness.results.ResultStore;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * Where results go: the data directory and the results database, shared by every command. A bad
 * {@code --db} or {@code --db-config} is rejected while parsing, before anything runs.
 */
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
      paramLabel = "FILE|URL",
      converter = LocationConverter.class,
      description =
          "Results database: a SQLite file (default: results.db in the data directory) or a JDBC"
              + " URL: jdbc:sqlite:FILE, jdbc:postgresql://HOST[:PORT]/DB,"
              + " jdbc:mariadb://HOST[:PORT]/DB or jdbc:mysql://HOST[:PORT]/DB. Its tables are"
              + " created or migrated on first use. User and password: --db-config, else"
              + " $STREAMBENCH_DB_USER and $STREAMBENCH_DB_PASSWORD (or in the URL; never"
              + " printed).")
  DatabaseLocation db;

  @Option(
      names = "--db-config",
      paramLabel = "FILE",
      converter = CredentialsConverter.class,
      description =
          "Properties file with the database's user= and password= (each one absent falls back"
              + " to the environment).")
  DatabaseCredentials dbConfig;

  /** The checkout's home with this command's data directory. */
  Home home() {
    Home detected = Home.detect();
    return dataDir == null
        ? detected
        : new Home(detected.root(), dataDir.toAbsolutePath().normalize());
  }

  /** The database; its {@code toString} is {@link #describe}'s. */
  private DatabaseLocation database(Home home) {
    return db != null ? db : DatabaseLocation.sqlite(home.defaultDatabase());
  }

  /** The database as it may be printed: a file's path, or the URL with passwords masked. */
  String describe(Home home) {
    return database(home).describe();
  }

  ResultStore open(Home home) throws IOException, SQLException {
    DatabaseCredentials fromEnvironment = DatabaseCredentials.fromEnvironment(System.getenv());
    return ResultStore.open(
        database(home), dbConfig == null ? fromEnvironment : dbConfig.or(fromEnvironment));
  }

  static final class LocationConverter implements ITypeConverter<DatabaseLocation> {
    @Override
    public DatabaseLocation convert(String value) {
      try {
        return DatabaseLocation.parse(value);
      } catch (UsageException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  static final class CredentialsConverter implements ITypeConverter<DatabaseCredentials> {
    @Override
    public DatabaseCredentials convert(String value) {
      try {
        return DatabaseCredentials.fromFile(Path.of(value));
      } catch (UsageException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
