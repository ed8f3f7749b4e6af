package org.streambench.harness;

import java.util.concurrent.ThreadFactory;

/** Threads of the harness's background work, which must never keep its JVM alive. */
public final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory of daemon threads named {@code name}. */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
