package org.streambench.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code main} of one daemon of an engine's cluster deployment (a Flink JobManager, a Spark
 * Worker, a Storm Nimbus): the harness's process arguments ({@code SPEC_FILE NAME INSTANCE}), the
 * watchdog (which also stops what the daemon started, such as a Worker's executors, when the
 * harness dies), the info file, the engine's own entry point of the daemon on a thread of its own,
 * the ready file once the daemon serves, and the error file if it fails first.
 *
 * <p>Usage, in a daemon's main class:
 *
 * <pre>{@code
 * ClusterDaemon.run(args, new FlinkEngine(), (spec, process) ->
 *     new ClusterDaemon.Daemon(() -> Entrypoint.main(flinkArgs), () -> restAnswers()));
 * }</pre>
 */
public final class ClusterDaemon {
  /** The engine's entry point of the daemon. */
  @FunctionalInterface
  public interface EntryPoint {
    void run() throws Exception;
  }

  /** Whether the daemon serves yet. */
  @FunctionalInterface
  public interface ReadyCheck {
    boolean ready() throws Exception;
  }

  /**
   * How to start one daemon and see it ready.
   *
   * @param entryPoint the engine's own entry point
   * @param ready whether it serves
   * @param servesAfterReturn whether the entry point returns once the daemon runs on threads of its
   *     own (Storm's {@code launchDaemon}); otherwise it blocks while the daemon runs, and its
   *     return means the daemon ended
   */
  public record Daemon(EntryPoint entryPoint, ReadyCheck ready, boolean servesAfterReturn) {
    /** A daemon whose entry point blocks while it runs. */
    public Daemon(EntryPoint entryPoint, ReadyCheck ready) {
      this(entryPoint, ready, false);
    }
  }

  /** Prepares the daemon of {@code process} (its configuration, directories) before it starts. */
  @FunctionalInterface
  public interface Preparation {
    Daemon prepare(JobSpec spec, EngineProcess process) throws Exception;
  }

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  private ClusterDaemon() {}

  /**
   * Runs the daemon of the process the arguments name until it ends or the process is stopped.
   *
   * @param engine the engine whose daemon this is: its name for the info file and messages, its
   *     versions (of what runs here) for the info file
   */
  public static void run(String[] args, StreamEngine engine, Preparation preparation) {
    String name = engine.name();
    EngineProcess process = EngineProcess.fromArgs(args);
    ParentWatchdog.start(name + " " + process.name());
    Path runDir = null;
    try {
      JobSpec spec = JobSpec.read(Path.of(args[0])).forInstance(process.instance());
      runDir = spec.runDir();
      process.writeInfo(runDir, name, engine.versions());
      Daemon daemon = preparation.prepare(spec, process);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread thread =
          new Thread(
              () -> {
                try {
                  daemon.entryPoint().run();
                } catch (Throwable t) {
                  failure.set(t);
                }
              },
              name + "-" + process.name());
      thread.start();
      long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
      while (!daemon.ready().ready()) {
        if (failure.get() != null || (!thread.isAlive() && !daemon.servesAfterReturn())) {
          throw new IllegalStateException(
              process.name() + " ended before it served", failure.get());
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(process.name() + " not serving after " + READY_TIMEOUT);
        }
        Thread.sleep(100);
      }
      process.markReady(runDir);
      thread.join();
      if (failure.get() != null) {
        throw failure.get();
      }
      if (daemon.servesAfterReturn()) {
        Thread.currentThread().join(); // until the process is stopped
      }
      System.exit(0); // the daemon ended on its own
    } catch (Throwable t) {
      System.err.println("streambench: " + name + " " + process.name() + " failed");
      t.printStackTrace();
      if (runDir != null) {
        process.writeError(runDir, t);
      }
      System.exit(1);
    }
  }
}
