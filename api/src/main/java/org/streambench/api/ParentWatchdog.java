package org.streambench.api;

import java.io.IOException;

/**
 * Makes a child process exit when its standard input reaches end-of-file. The harness holds the
 * other end of that pipe, so a child never outlives a harness that died, even by SIGKILL; nor do
 * the processes the child started.
 */
public final class ParentWatchdog {
  /** Exit code of a child stopped because its harness went away. */
  public static final int EXIT_PARENT_GONE = 3;

  private ParentWatchdog() {}

  public static void start(String what) {
    Thread watchdog =
        new Thread(
            () -> {
              try {
                while (System.in.read() >= 0) {
                  // the harness never writes; anything read is ignored
                }
              } catch (IOException e) {
                // a broken pipe means the same as end-of-file
              }
              System.err.println("streambench: harness went away, stopping " + what);
              // what this process started (a supervisor's worker JVMs) must not outlive it either
              ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
              System.exit(EXIT_PARENT_GONE);
            },
            "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }
}
