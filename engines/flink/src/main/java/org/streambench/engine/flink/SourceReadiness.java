package org.streambench.engine.flink;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts source subtasks that have opened their deserializer. A job reports RUNNING once it is
 * scheduled, seconds before its sources read anything; the harness must not start its clock before
 * they do. Every Kafka source of a job adds its subtasks with {@link #expect}. Works because the
 * local MiniCluster runs the tasks in this JVM.
 */
final class SourceReadiness {
  private static final AtomicInteger OPENED = new AtomicInteger();
  private static final AtomicInteger EXPECTED = new AtomicInteger();

  private SourceReadiness() {}

  /** Forgets earlier jobs; a job without Kafka sources is ready as soon as it runs. */
  static void reset() {
    OPENED.set(0);
    EXPECTED.set(0);
  }

  static void expect(int subtasks) {
    EXPECTED.addAndGet(subtasks);
  }

  static void subtaskOpened() {
    OPENED.incrementAndGet();
  }

  static boolean allOpened() {
    return OPENED.get() >= EXPECTED.get();
  }
}
