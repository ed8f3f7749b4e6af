package org.streambench.harness.process;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Every child process still running, so that an interrupted harness can stop them all. */
public final class ChildProcesses {
  private static final List<ChildProcess> LIVE = new CopyOnWriteArrayList<>();

  private ChildProcesses() {}

  static void register(ChildProcess child) {
    LIVE.add(child);
  }

  static void unregister(ChildProcess child) {
    LIVE.remove(child);
  }

  /** Kills every registered child at once (last resort of the shutdown hook). */
  public static void killAll() {
    for (ChildProcess child : LIVE) {
      child.kill();
      LIVE.remove(child);
    }
  }
}
