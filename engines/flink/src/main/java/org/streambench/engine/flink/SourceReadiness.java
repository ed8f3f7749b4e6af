package org.streambench.engine.flink;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts source subtasks that have opened their deserializer. A job reports RUNNING once it is
 * scheduled, seconds before its sources read anything; the harness must not start its clock before
 * they do. Works because the local MiniCluster runs the tasks in this JVM.
 */
final class SourceReadiness {
  private static final AtomicInteger OPENED = new AtomicInteger();
  private static volatile int expected = Integer.MAX_VALUE;

  private SourceReadiness() {}

  static void expect(int subtasks) {
    OPENED.set(0);
    expected = subtasks;
  }

  static void subtaskOpened() {
    OPENED.incrementAndGet();
  }

  static boolean allOpened() {
    return OPENED.get() >= expected;
  }
}
