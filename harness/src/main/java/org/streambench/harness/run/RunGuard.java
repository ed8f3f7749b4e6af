package org.streambench.harness.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.process.ChildProcesses;

/**
 * Turns Ctrl-C and SIGTERM into an orderly abort: the shutdown hook interrupts the command's
 * thread, gives it time to stop its processes and store the run as {@code aborted}, then kills
 * whatever child process is still alive.
 */
public final class RunGuard {
  private static final long CLEANUP_SECONDS = 40;
  private static volatile boolean aborting;
  private static volatile Thread commandThread;
  private static final CountDownLatch COMMAND_DONE = new CountDownLatch(1);

  private RunGuard() {}

  /** Installs the hook; {@code thread} is the one running the command. */
  public static void install(Thread thread) {
    commandThread = thread;
    Runtime.getRuntime().addShutdownHook(new Thread(RunGuard::onShutdown, "streambench-abort"));
  }

  /** Called by the command thread when it has finished (normally or not). */
  public static void commandDone() {
    commandThread = null;
    COMMAND_DONE.countDown();
  }

  /** Whether the harness is being stopped by a signal. */
  public static boolean aborting() {
    return aborting;
  }

  private static void onShutdown() {
    Thread thread = commandThread;
    if (thread != null) {
      aborting = true;
      System.err.println("\nstreambench: interrupted, stopping the run and its processes ...");
      thread.interrupt();
      try {
        COMMAND_DONE.await(CLEANUP_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    ChildProcesses.killAll();
  }
}
