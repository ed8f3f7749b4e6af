package org.streambench.api;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One process of an engine in a run, and its files in the run directory: {@code NAME.log}, {@code
 * NAME-info.properties} (versions, JVM flags, pid), {@code NAME.ready} (written once it serves) and
 * {@code NAME-error.txt} (its own words on why it failed). The sole process of a local deployment
 * is {@code engine}; a cluster's are named by role, {@code jobmanager} or {@code instance-2}.
 *
 * <p>The harness starts every process as {@code MAIN SPEC_FILE [NAME INSTANCE]}.
 *
 * @param name the process's name in the run
 * @param instance which worker it is (1-based), or {@link JobSpec#SOLE} for a single process
 */
public record EngineProcess(String name, int instance) {
  public static final EngineProcess SOLE = new EngineProcess("engine", JobSpec.SOLE);

  /**
   * The prefix of the line on which a cluster role's JVM-options class (a role's {@code
   * jvm-options-from} in {@code engine.properties}) prints the options its process needs.
   */
  public static final String JVM_OPTIONS_LINE = "JVM_OPTIONS: ";

  public EngineProcess {
    if (!name.matches("[a-z][a-z0-9-]*")) {
      throw new IllegalArgumentException("process name '" + name + "' is not a lower-case name");
    }
  }

  /** The process named by the arguments after the spec file, {@link #SOLE} without them. */
  public static EngineProcess fromArgs(String[] args) {
    if (args.length == 1) {
      return SOLE;
    }
    if (args.length == 3) {
      return new EngineProcess(args[1], Integer.parseInt(args[2]));
    }
    throw new IllegalArgumentException("usage: <main> JOB_SPEC.properties [NAME INSTANCE]");
  }

  /** The arguments after the spec file that name this process. */
  public List<String> args() {
    return this.equals(SOLE) ? List.of() : List.of(name, Integer.toString(instance));
  }

  public String logFile() {
    return name + ".log";
  }

  public String infoFile() {
    return name + "-info.properties";
  }

  public String readyFile() {
    return name + ".ready";
  }

  public String errorFile() {
    return name + "-error.txt";
  }

  /** Writes the info file: {@code versions} of what runs here, Java, JVM flags and the pid. */
  public void writeInfo(Path runDir, String engine, Map<String, String> versions)
      throws IOException {
    Properties p = new Properties();
    p.setProperty("engine", engine);
    p.setProperty("process", name);
    versions.forEach((k, v) -> p.setProperty("version." + k, v));
    p.setProperty("version.java", System.getProperty("java.version"));
    p.setProperty("jvm.name", System.getProperty("java.vm.name"));
    p.setProperty(
        "jvm.flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
    Path tmp = runDir.resolve(infoFile() + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      p.store(w, "written by the engine process at start");
    }
    Files.move(tmp, runDir.resolve(infoFile()), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Tells the harness this process serves (or, for a job, consumes). */
  public void markReady(Path runDir) {
    try {
      Files.writeString(runDir.resolve(readyFile()), Long.toString(EpochMicros.now()));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write readiness file", e);
    }
  }

  /**
   * Writes the most specific message of a failure (its deepest cause that has one) to the error
   * file, so that the harness can show the engine's own words on the terminal.
   */
  public void writeError(Path runDir, Throwable t) {
    String message = null;
    for (Throwable c = t; c != null && c.getCause() != c; c = c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        message = c.getMessage().strip().lines().findFirst().orElse("");
      }
    }
    try {
      Files.writeString(
          runDir.resolve(errorFile()), message == null ? t.getClass().getSimpleName() : message);
    } catch (IOException | RuntimeException e) {
      System.err.println("streambench: cannot write " + errorFile() + ": " + e);
    }
  }
}
