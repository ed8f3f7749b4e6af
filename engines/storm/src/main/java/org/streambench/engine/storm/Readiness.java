package org.streambench.engine.storm;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts spout executors that have started consuming. A topology is "active" as soon as Nimbus has
 * scheduled it, seconds before its executors run; the harness must not start its clock before the
 * spouts read. Works because the LocalCluster runs every executor in this JVM.
 */
final class Readiness {
  private static final AtomicInteger STARTED = new AtomicInteger();
  private static final AtomicInteger EXPECTED = new AtomicInteger();

  private Readiness() {}

  /** Forgets earlier topologies. */
  static void reset() {
    STARTED.set(0);
    EXPECTED.set(0);
  }

  static void expect(int executors) {
    EXPECTED.addAndGet(executors);
  }

  static void started() {
    STARTED.incrementAndGet();
  }

  static boolean allStarted() {
    return STARTED.get() >= EXPECTED.get();
  }
}
