package org.streambench.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.UsageException;

/**
 * Where the results database is: a SQLite file, or a JDBC URL of SQLite, MySQL/MariaDB or
 * PostgreSQL. {@link #describe} (also {@link #toString}) is the URL with its passwords masked: the
 * only form of it streambench ever prints.
 *
 * <p>{@code jdbc:mysql:} URLs go to MariaDB Connector/J too (it speaks to MySQL servers), so one
 * driver, the one the tests run against a real server, serves both.
 */
public final class DatabaseLocation {
  private static final String SQLITE = "jdbc:sqlite:";
  private static final String MYSQL = "jdbc:mysql:";
  private static final String EXPECTED =
      "expected a file path, jdbc:sqlite:FILE, jdbc:postgresql://HOST[:PORT]/DB,"
          + " jdbc:mariadb://HOST[:PORT]/DB or jdbc:mysql://HOST[:PORT]/DB";
  // a URL parameter whose name contains "password" (password, sslpassword, keyStorePassword, ...)
  private static final Pattern PASSWORD_PARAMETER =
      Pattern.compile("(?i)([?&;(][^=&;?()]*password=)([^&;)]*)");
  // user:password@host
  private static final Pattern USER_INFO = Pattern.compile("(//[^/:@?]*:)([^@/?]*)@");

  private final Dialect dialect;
  // as given, with any password: only for the driver, never to be shown
  private final String url;

  private DatabaseLocation(Dialect dialect, String url) {
    this.dialect = dialect;
    this.url = url;
  }

  /**
   * Parses what the user gave: a JDBC URL of a supported database, else a SQLite file's path.
   *
   * @throws UsageException for any other URL
   */
  public static DatabaseLocation parse(String urlOrPath) {
    if (urlOrPath.isBlank()) {
      throw new UsageException("the database is empty; " + EXPECTED);
    }
    if (urlOrPath.startsWith(SQLITE)) {
      return new DatabaseLocation(Dialect.SQLITE, urlOrPath);
    }
    if (urlOrPath.startsWith("jdbc:mariadb:") || urlOrPath.startsWith(MYSQL)) {
      return new DatabaseLocation(Dialect.MYSQL, urlOrPath);
    }
    if (urlOrPath.startsWith("jdbc:postgresql:")) {
      return new DatabaseLocation(Dialect.POSTGRESQL, urlOrPath);
    }
    if (urlOrPath.regionMatches(true, 0, "jdbc:", 0, 5) || urlOrPath.contains("://")) {
      throw new UsageException("unsupported database URL " + redact(urlOrPath) + "; " + EXPECTED);
    }
    try {
      return sqlite(Path.of(urlOrPath));
    } catch (InvalidPathException e) {
      throw new UsageException("not a database file path: " + e.getMessage());
    }
  }

  public static DatabaseLocation sqlite(Path file) {
    return new DatabaseLocation(Dialect.SQLITE, SQLITE + file);
  }

  public Dialect dialect() {
    return dialect;
  }

  /** The location with any password masked: a SQLite file as its path, else the URL. */
  public String describe() {
    Path file = sqliteFile();
    return file != null ? file.toString() : redact(url);
  }

  @Override
  public String toString() {
    return describe();
  }

  /**
   * Opens a connection with these credentials (those the URL sets win).
   *
   * @throws UsageException if the database cannot be reached or refuses the credentials, like an
   *     unreachable Kafka or Redis; its message names the location as {@link #describe} does and
   *     has every password masked, and the driver's exception is not attached, as it may quote them
   */
  Connection connect(DatabaseCredentials credentials) throws IOException {
    Properties properties = dialect.connectionProperties();
    if (dialect != Dialect.SQLITE) {
      if (credentials.user() != null && !hasParameter("user")) {
        properties.setProperty("user", credentials.user());
      }
      if (credentials.password() != null && !hasParameter("password")) {
        properties.setProperty("password", credentials.password());
      }
    }
    Path file = sqliteFile();
    if (file != null && file.toAbsolutePath().getParent() != null) {
      Files.createDirectories(file.toAbsolutePath().getParent());
    }
    try {
      return DriverManager.getConnection(driverUrl(), properties);
    } catch (SQLException e) {
      throw new UsageException(
          "cannot open the "
              + dialect.displayName()
              + " database "
              + describe()
              + ": "
              + mask(String.valueOf(e.getMessage()), credentials));
    }
  }

  private boolean hasParameter(String name) {
    return Pattern.compile("(?i)[?&;]" + name + "=").matcher(url).find();
  }

  /**
   * The URL for the driver: MariaDB Connector/J takes {@code jdbc:mysql:} only when the URL says
   * {@code permitMysqlScheme}.
   */
  private String driverUrl() {
    if (!url.startsWith(MYSQL) || url.contains("permitMysqlScheme")) {
      return url;
    }
    return url + (url.contains("?") ? "&" : "?") + "permitMysqlScheme";
  }

  /**
   * The SQLite file this is, or null for a server, an in-memory database or a {@code file:} URI.
   */
  private Path sqliteFile() {
    if (dialect != Dialect.SQLITE) {
      return null;
    }
    String rest = url.substring(SQLITE.length());
    if (rest.isEmpty() || rest.startsWith(":") || rest.startsWith("file:") || rest.contains("?")) {
      return null;
    }
    return Path.of(rest);
  }

  /** {@code text} with every password of the URL and of {@code credentials} masked. */
  private String mask(String text, DatabaseCredentials credentials) {
    List<String> secrets = new ArrayList<>();
    if (credentials.password() != null) {
      secrets.add(credentials.password());
    }
    for (Pattern p : List.of(PASSWORD_PARAMETER, USER_INFO)) {
      Matcher m = p.matcher(url);
      while (m.find()) {
        if (!m.group(2).isEmpty()) {
          secrets.add(m.group(2));
        }
      }
    }
    String masked = redact(text);
    for (String secret : secrets) {
      masked = masked.replace(secret, "***");
    }
    return masked;
  }

  /** {@code url} with the values of password parameters and of user:password@ masked. */
  static String redact(String url) {
    String masked = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(masked).replaceAll("$1***@");
  }
}
