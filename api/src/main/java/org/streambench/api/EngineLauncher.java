package org.streambench.api;

import java.nio.file.Path;

/**
 * The common {@code main} of every engine process.
 *
 * <p>It reads the job spec, writes {@value #INFO_FILE} (versions, JVM flags, pid) to the run
 * directory, runs the engine, and writes {@value #READY_FILE} once the engine reports readiness.
 * See {@link ParentWatchdog} for how it never outlives the harness.
 */
public final class EngineLauncher {
  public static final String INFO_FILE = EngineProcess.SOLE.infoFile();
  public static final String READY_FILE = EngineProcess.SOLE.readyFile();

  /** One line: the engine's own words on why it failed, written before it exits with 1. */
  public static final String ERROR_FILE = EngineProcess.SOLE.errorFile();

  /** Exit code of an engine asked for something it cannot do. */
  public static final int EXIT_UNSUPPORTED = 2;

  private EngineLauncher() {}

  /**
   * Runs {@code engine} on the spec file {@code args[0]}, as the process {@code args[1..2]} names
   * ({@link EngineProcess#fromArgs}).
   */
  public static void launch(StreamEngine engine, String[] args) {
    EngineProcess process = null;
    try {
      process = EngineProcess.fromArgs(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(EXIT_UNSUPPORTED);
    }
    ParentWatchdog.start("engine " + engine.name() + " " + process.name());
    Path runDir = null;
    try {
      JobSpec spec = JobSpec.read(Path.of(args[0])).forInstance(process.instance());
      runDir = spec.runDir();
      refuseRetiredSettings(spec);
      process.writeInfo(runDir, engine.name(), engine.versions());
      EngineProcess self = process;
      engine.run(spec, () -> self.markReady(spec.runDir()));
      System.exit(0);
    } catch (UnsupportedOperationException e) {
      System.err.println("streambench: " + e.getMessage());
      System.exit(EXIT_UNSUPPORTED);
    } catch (Throwable t) {
      System.err.println("streambench: engine " + engine.name() + " failed");
      t.printStackTrace();
      if (runDir != null) {
        process.writeError(runDir, t);
      }
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
}
