package org.streambench.harness.results;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.streambench.harness.UsageException;

/**
 * The user and password for a database server, each possibly absent. They never appear in what
 * streambench prints or stores ({@link #toString} hides the password); values inside the URL, as
 * the user typed it, take precedence over these.
 */
public record DatabaseCredentials(String user, String password) {
  public static final String USER_ENV = "STREAMBENCH_DB_USER";
  public static final String PASSWORD_ENV = "STREAMBENCH_DB_PASSWORD";
  public static final DatabaseCredentials NONE = new DatabaseCredentials(null, null);

  private static final Set<String> FILE_KEYS = Set.of("user", "password");

  /** From {@code STREAMBENCH_DB_USER} and {@code STREAMBENCH_DB_PASSWORD}. */
  public static DatabaseCredentials fromEnvironment(Map<String, String> env) {
    return new DatabaseCredentials(nonBlank(env.get(USER_ENV)), nonBlank(env.get(PASSWORD_ENV)));
  }

  /** From a properties file with the keys {@code user} and {@code password}. */
  public static DatabaseCredentials fromFile(Path file) {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      p.load(in);
    } catch (NoSuchFileException e) {
      throw new UsageException("database config not found: " + file);
    } catch (IOException e) {
      throw new UsageException("cannot read database config " + file + ": " + e.getMessage());
    }
    for (String key : p.stringPropertyNames()) {
      if (!FILE_KEYS.contains(key)) {
        throw new UsageException(
            "database config " + file + " has unknown key '" + key + "' (expected user, password)");
      }
    }
    return new DatabaseCredentials(
        nonBlank(p.getProperty("user")), nonBlank(p.getProperty("password")));
  }

  /** These values, each one that is absent taken from {@code fallback}. */
  public DatabaseCredentials or(DatabaseCredentials fallback) {
    return new DatabaseCredentials(
        user != null ? user : fallback.user, password != null ? password : fallback.password);
  }

  @Override
  public String toString() {
    return "user=" + user + ", password=" + (password == null ? "(none)" : "***");
  }

  private static String nonBlank(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
