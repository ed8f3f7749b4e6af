package org.streambench.engine.storm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;
import org.streambench.api.ParentWatchdog;

/**
 * What the ZooKeeper, Nimbus and Supervisor processes share: the harness's process arguments
 * ({@code SPEC_FILE NAME INSTANCE}), the watchdog, the info file, the daemon's entry point on a
 * thread of its own, readiness once the daemon serves (as Nimbus sees it), and the error file if it
 * fails first.
 */
final class StormDaemon {
  /** A daemon's entry point; returns or blocks while the daemon runs on its own threads. */
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

  /** Prepares the daemon of {@code process} (its directories and config) before it starts. */
  @FunctionalInterface
  interface Preparation {
    Daemon prepare(JobSpec spec, EngineProcess process) throws Exception;
  }

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  private StormDaemon() {}

  static void run(String[] args, Preparation preparation) {
    EngineProcess process = EngineProcess.fromArgs(args);
    ParentWatchdog.start("storm " + process.name());
    Path runDir = null;
    try {
      JobSpec spec = JobSpec.read(Path.of(args[0])).forInstance(process.instance());
      runDir = spec.runDir();
      process.writeInfo(runDir, "storm", new StormEngine().versions());
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
              "storm-" + process.name());
      thread.start();
      long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
      while (!daemon.ready().ready()) {
        if (failure.get() != null) {
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
      // the daemon runs on its own threads until the process is stopped
      Thread.currentThread().join();
    } catch (Throwable t) {
      System.err.println("streambench: storm " + process.name() + " failed");
      t.printStackTrace();
      if (runDir != null) {
        process.writeError(runDir, t);
      }
      System.exit(1);
    }
  }
}
