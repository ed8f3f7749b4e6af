package org.streambench.engine.spark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;
import org.streambench.api.ParentWatchdog;

/**
 * What the Master's and the Workers' processes share: the harness's process arguments ({@code
 * SPEC_FILE NAME INSTANCE}), the watchdog (which also kills the executor JVMs a Worker started),
 * the info file, Spark's own {@code main} on a thread of its own (it blocks while the daemon runs),
 * readiness once the Master's JSON shows the daemon, and the error file if it fails first.
 */
final class SparkDaemon {
  /** Spark's entry point of a daemon. */
  @FunctionalInterface
  interface EntryPoint {
    void run() throws Exception;
  }

  /** Whether the daemon serves yet. */
  @FunctionalInterface
  interface ReadyCheck {
    boolean ready() throws Exception;
  }

  /** How to start one daemon and see it ready. */
  record Daemon(EntryPoint entryPoint, ReadyCheck ready) {}

  /** Prepares the daemon of {@code process} (environment, directories) before it starts. */
  @FunctionalInterface
  interface Preparation {
    Daemon prepare(JobSpec spec, EngineProcess process) throws Exception;
  }

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  private SparkDaemon() {}

  static void run(String[] args, Preparation preparation) {
    EngineProcess process = EngineProcess.fromArgs(args);
    ParentWatchdog.start("spark " + process.name());
    Path runDir = null;
    try {
      JobSpec spec = JobSpec.read(Path.of(args[0])).forInstance(process.instance());
      runDir = spec.runDir();
      process.writeInfo(runDir, "spark", new SparkEngine().versions());
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
              "spark-" + process.name());
      thread.start();
      long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
      while (!daemon.ready().ready()) {
        if (!thread.isAlive()) {
          throw new IllegalStateException(
              process.name() + " ended before it served", failure.get());
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(process.name() + " not serving after " + READY_TIMEOUT);
        }
        Thread.sleep(100);
      }
      process.markReady(runDir);
      // Master.main and Worker.main return once the daemon's RPC environment ends
      thread.join();
      if (failure.get() != null) {
        throw failure.get();
      }
      System.exit(0);
    } catch (Throwable t) {
      System.err.println("streambench: spark " + process.name() + " failed");
      t.printStackTrace();
      if (runDir != null) {
        process.writeError(runDir, t);
      }
      System.exit(1);
    }
  }
}
