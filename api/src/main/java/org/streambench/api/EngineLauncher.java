package org.streambench.api;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;

/**
 * The common {@code main} of every engine process.
 *
 * <p>It reads the job spec, writes {@value #INFO_FILE} (versions, JVM flags, pid) to the run
 * directory, runs the engine, and writes {@value #READY_FILE} once the engine reports readiness.
 * See {@link ParentWatchdog} for how it never outlives the harness.
 */
public final class EngineLauncher {
  public static final String INFO_FILE = infoFile(JobSpec.SOLE);
  public static final String READY_FILE = readyFile(JobSpec.SOLE);

  /** One line: the engine's own words on why it failed, written before it exits with 1. */
  public static final String ERROR_FILE = errorFile(JobSpec.SOLE);

  /** Exit code of an engine asked for something it cannot do. */
  public static final int EXIT_UNSUPPORTED = 2;

  private EngineLauncher() {}

  /** The info file of engine process {@code instance} ({@link JobSpec#instance}). */
  public static String infoFile(int instance) {
    return "engine-info" + suffix(instance) + ".properties";
  }

  /** The readiness file of engine process {@code instance}. */
  public static String readyFile(int instance) {
    return "engine" + suffix(instance) + ".ready";
  }

  /** The error file of engine process {@code instance}. */
  public static String errorFile(int instance) {
    return "engine-error" + suffix(instance) + ".txt";
  }

  private static String suffix(int instance) {
    return instance == JobSpec.SOLE ? "" : "-" + instance;
  }

  /**
   * Runs {@code engine} on the spec file {@code args[0]}; {@code args[1]}, if given, is which of a
   * cluster's instances this process is (1-based).
   */
  public static void launch(StreamEngine engine, String[] args) {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: <engine main> JOB_SPEC.properties [INSTANCE]");
      System.exit(EXIT_UNSUPPORTED);
    }
    ParentWatchdog.start("engine " + engine.name());
    try {
      JobSpec file = JobSpec.read(Path.of(args[0]));
      JobSpec spec = args.length == 2 ? file.forInstance(Integer.parseInt(args[1])) : file;
      refuseRetiredSettings(spec);
      writeInfo(engine, spec);
      engine.run(spec, () -> markReady(spec));
      System.exit(0);
    } catch (UnsupportedOperationException e) {
      System.err.println("streambench: " + e.getMessage());
      System.exit(EXIT_UNSUPPORTED);
    } catch (Throwable t) {
      System.err.println("streambench: engine " + engine.name() + " failed");
      t.printStackTrace();
      writeError(args, t);
      System.exit(1);
    }
  }

  /** The harness refuses them first; an engine started another way must not ignore them. */
  private static void refuseRetiredSettings(JobSpec spec) {
    for (String key : spec.settings().keySet()) {
      KafkaClientSettings.refusal(key)
          .ifPresent(
              refusal -> {
                throw new UnsupportedOperationException(refusal);
              });
    }
  }

  /**
   * Writes the most specific message of a failure (its deepest cause that has one) to {@link
   * #ERROR_FILE}, so that the harness can show the engine's own words on the terminal.
   */
  private static void writeError(String[] args, Throwable t) {
    String message = null;
    for (Throwable c = t; c != null && c.getCause() != c; c = c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        message = c.getMessage().strip().lines().findFirst().orElse("");
      }
    }
    try {
      Path runDir = JobSpec.read(Path.of(args[0])).runDir();
      int instance = args.length == 2 ? Integer.parseInt(args[1]) : JobSpec.SOLE;
      Files.writeString(
          runDir.resolve(errorFile(instance)),
          message == null ? t.getClass().getSimpleName() : message);
    } catch (IOException | RuntimeException e) {
      System.err.println("streambench: cannot write " + ERROR_FILE + ": " + e);
    }
  }

  private static void writeInfo(StreamEngine engine, JobSpec spec) throws IOException {
    Path runDir = spec.runDir();
    Properties p = new Properties();
    p.setProperty("engine", engine.name());
    for (Map.Entry<String, String> e : engine.versions().entrySet()) {
      p.setProperty("version." + e.getKey(), e.getValue());
    }
    p.setProperty("version.java", System.getProperty("java.version"));
    p.setProperty("jvm.name", System.getProperty("java.vm.name"));
    p.setProperty(
        "jvm.flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
    String info = infoFile(spec.instance());
    Path tmp = runDir.resolve(info + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      p.store(w, "written by the engine process at start");
    }
    Files.move(tmp, runDir.resolve(info), StandardCopyOption.ATOMIC_MOVE);
  }

  private static void markReady(JobSpec spec) {
    try {
      Files.writeString(
          spec.runDir().resolve(readyFile(spec.instance())), Long.toString(EpochMicros.now()));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write readiness file", e);
    }
  }
}
