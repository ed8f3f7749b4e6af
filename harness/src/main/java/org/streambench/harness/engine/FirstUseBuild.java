package org.streambench.harness.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;

/**
 * Builds a version of an engine that the normal build leaves out the first time a run needs it.
 * Such a version's {@code engine.properties} names, as {@code build.profile}, the Maven profile of
 * its engine's module that builds the engine's sources on that version into the version's own
 * directory ({@code engines/flink-2.2/target/}). Its jar is built again when it is older than the
 * default version's jar, which the launcher rebuilds whenever a source changes: a line built on
 * first use never runs older sources than the engine's default.
 */
public final class FirstUseBuild {
  private static final String PROFILE_KEY = "build.profile";
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);

  private FirstUseBuild() {}

  /** The Maven profile that builds {@code engine}, if it is built on first use. */
  public static Optional<String> profileOf(EngineDescriptor engine) {
    Path own = engine.dir().resolve("engine.properties");
    if (engine.defaultVersion() || !Files.isRegularFile(own)) {
      return Optional.empty();
    }
    Properties p;
    try {
      p = EngineDescriptor.read(own);
    } catch (IOException e) {
      throw new UsageException("cannot read " + own + ": " + e.getMessage());
    }
    String profile = p.getProperty(PROFILE_KEY, "").trim();
    return profile.isEmpty() ? Optional.empty() : Optional.of(profile);
  }

  /**
   * Builds {@code engine}'s jar if it is built on first use and its jar is missing or older than
   * {@code defaultVersion}'s, saying so on {@code out}; a failed build is a one-line refusal naming
   * Maven's log.
   */
  public static void ensure(
      Home home, EngineDescriptor engine, EngineDescriptor defaultVersion, PrintStream out) {
    Optional<String> profile = profileOf(engine);
    if (profile.isEmpty() || !stale(engine.jar(), defaultVersion.jar())) {
      return;
    }
    Path module = home.enginesDir().resolve(engine.family());
    Path log = engine.dir().resolve("target").resolve("first-use-build.log");
    List<String> command =
        List.of(
            "mvn",
            "-B",
            "-Dstyle.color=never",
            "-DskipTests",
            "-Dspotless.check.skip=true",
            // the modules it needs are built apart from the normal build's jars (pom.xml)
            "-Dstreambench.target=target/first-use",
            "-P",
            profile.get(),
            "-pl",
            home.root().relativize(module).toString(),
            "-am",
            "package");
    out.println(
        "streambench: building "
            + engine.name()
            + " on first use (Maven builds "
            + home.root().relativize(module)
            + " on "
            + engine.family()
            + " "
            + engine.version()
            + ", downloading it the first time: a few minutes; log: "
            + log
            + ") ...");
    long started = System.nanoTime();
    int exit = run(command, home.root(), log, engine.name(), out);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    if (exit != 0 || !Files.isRegularFile(engine.jar())) {
      throw new UsageException(
          "building "
              + engine.name()
              + " failed (Maven exit "
              + exit
              + "; its output: "
              + log
              + ")");
    }
    out.println("streambench: built " + engine.name() + " in " + took.toSeconds() + " s");
  }

  /** Whether {@code jar} is missing, or older than {@code defaultJar} where that exists. */
  static boolean stale(Path jar, Path defaultJar) {
    try {
      return !Files.isRegularFile(jar)
          || Files.isRegularFile(defaultJar)
              && Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(defaultJar))
                  < 0;
    } catch (IOException e) {
      return true;
    }
  }

  private static int run(List<String> command, Path dir, Path log, String name, PrintStream out) {
    Process maven;
    try {
      Files.createDirectories(log.getParent());
      maven =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
    } catch (IOException e) {
      throw new UsageException(
          "building " + name + " needs Maven (mvn) on the PATH: " + e.getMessage());
    }
    try {
      long waited = 0;
      while (!maven.waitFor(PROGRESS_EVERY.toSeconds(), TimeUnit.SECONDS)) {
        waited += PROGRESS_EVERY.toSeconds();
        out.println("streambench: still building " + name + " (" + waited + " s)");
      }
      return maven.exitValue();
    } catch (InterruptedException e) {
      maven.descendants().forEach(ProcessHandle::destroy);
      maven.destroy();
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted while building " + name + "; nothing was run");
    }
  }
}
