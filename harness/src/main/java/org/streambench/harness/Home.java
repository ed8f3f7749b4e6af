package org.streambench.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where streambench's own files are: the checkout whose {@code engines/} and {@code broker/} hold
 * the built jars, and the data directory for run directories and the results database.
 *
 * <p>The home is the system property {@code streambench.home} (set by the launcher script and the
 * build), else the current directory. Data lives under {@code $STREAMBENCH_DATA}, default {@code
 * <home>/runs}: {@code runs/results.db} and one {@code runs/<run-id>/} per run.
 */
public record Home(Path root, Path dataDir) {

  public static Home detect() {
    Path root = Path.of(System.getProperty("streambench.home", ".")).toAbsolutePath().normalize();
    String data = System.getenv("STREAMBENCH_DATA");
    Path dataDir = data != null && !data.isBlank() ? Path.of(data) : root.resolve("runs");
    return new Home(root, dataDir.toAbsolutePath().normalize());
  }

  public Path enginesDir() {
    return root.resolve("engines");
  }

  public Path brokerJar() {
    return root.resolve("broker/target/streambench-broker.jar");
  }

  public Path defaultDatabase() {
    return dataDir.resolve("results.db");
  }

  /** The java launcher of this JVM, used for every child process. */
  public static Path javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  public static void requireFile(Path file, String what) {
    if (!Files.isRegularFile(file)) {
      throw new UsageException(
          what + " not found at " + file + " (build it with: mvn -DskipTests package)");
    }
  }
}
