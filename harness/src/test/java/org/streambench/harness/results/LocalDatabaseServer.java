package org.streambench.harness.results;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A database server of its own for tests: in a temporary directory, on a free port of 127.0.0.1, as
 * {@code nobody} when the tests run as root (the servers refuse root). It runs under a shell that
 * stops it when its standard input closes, so it dies with the test JVM even if that is killed.
 * {@link #close} stops it and deletes the directory.
 */
public abstract class LocalDatabaseServer implements AutoCloseable {
  public static final String USER = "streambench";
  private static final String SERVER_USER = "nobody";
  private static final String SERVER_GROUP = "nogroup";
  // runs "$0 $@", and on EOF on stdin sends the server the given signal and waits for it to exit
  private static final String WATCHDOG =
      "\"$0\" \"$@\" & pid=$!; cat >/dev/null; kill -%s $pid; wait $pid";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  protected final Path dir;
  protected final int port;
  protected final String password = randomPassword();
  private final Path log;
  private Process watchdog;
  private int databases;

  protected LocalDatabaseServer(String name) throws IOException {
    dir = Files.createTempDirectory("streambench-" + name + "-");
    log = dir.resolve("server.log");
    if (isRoot()) {
      UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
      PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
      view.setOwner(users.lookupPrincipalByName(SERVER_USER));
      view.setGroup(users.lookupPrincipalByGroupName(SERVER_GROUP));
    }
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
  }

  private static String randomPassword() {
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** Skips the calling test class, visibly, because the server is not installed. */
  protected static void skip(String why) {
    System.err.println("SKIPPED: " + why);
    Assumptions.abort(why);
  }

  /** The first of {@code candidates} that is executable, else the name on the PATH, else null. */
  protected static Path executable(String name, String... candidates) {
    List<Path> paths = new ArrayList<>();
    for (String c : candidates) {
      paths.add(Path.of(c));
    }
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      paths.add(Path.of(entry.isEmpty() ? "." : entry, name));
    }
    return paths.stream().filter(Files::isExecutable).findFirst().orElse(null);
  }

  /** The JDBC URL of {@code database} on this server. */
  public abstract String url(String database);

  /** The database every server has, to connect to before any test database exists. */
  protected abstract String adminDatabase();

  public DatabaseCredentials credentials() {
    return new DatabaseCredentials(USER, password);
  }

  /** Creates a new, empty database on this server and returns its URL. */
  public String createDatabase() throws SQLException {
    String name = "test" + ++databases;
    try (Connection c = connect(adminDatabase());
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    return url(name);
  }

  /** Runs a setup step as the server's user to its end, failing with its output. */
  protected void setUp(List<String> command, Duration timeout)
      throws IOException, InterruptedException {
    Path setupLog = dir.resolve("setup.log");
    Process p =
        new ProcessBuilder(asServerUser(command))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(setupLog.toFile()))
            .start();
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor();
      throw new IOException(
          command.get(0) + " took longer than " + timeout + ": " + tail(setupLog));
    }
    if (p.exitValue() != 0) {
      throw new IOException(command.get(0) + " exited " + p.exitValue() + ": " + tail(setupLog));
    }
  }

  /**
   * Starts the server as the server's user and waits until it accepts a connection; {@code
   * stopSignal} is the signal that shuts it down quickly and cleanly.
   */
  protected void startServer(List<String> command, String stopSignal)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", WATCHDOG.formatted(stopSignal)));
    cmd.addAll(asServerUser(command));
    watchdog =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (true) {
      try {
        connect(adminDatabase()).close();
        return;
      } catch (SQLException e) {
        if (!watchdog.isAlive() || System.nanoTime() > deadline) {
          throw new IOException(
              command.get(0) + " did not accept connections: " + e.getMessage() + "\n" + tail(log));
        }
        Thread.sleep(100);
      }
    }
  }

  private Connection connect(String database) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", USER);
    p.setProperty("password", password);
    return DriverManager.getConnection(url(database), p);
  }

  private static List<String> asServerUser(List<String> command) {
    if (!isRoot()) {
      return command;
    }
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "setpriv",
                "--reuid=" + SERVER_USER,
                "--regid=" + SERVER_GROUP,
                "--clear-groups",
                "--"));
    cmd.addAll(command);
    return cmd;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Stops the server (bounded: killed if it lingers) and deletes its directory. */
  @Override
  public void close() throws IOException {
    if (watchdog != null) {
      List<ProcessHandle> processes = watchdog.descendants().toList();
      watchdog.getOutputStream().close();
      try {
        if (!watchdog.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
          kill(processes);
        }
      } catch (InterruptedException e) {
        kill(processes);
        Thread.currentThread().interrupt();
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private void kill(List<ProcessHandle> processes) {
    processes.forEach(ProcessHandle::destroyForcibly);
    watchdog.destroyForcibly();
  }
}
