package org.streambench.api;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the source tasks of a job that have started reading, for engines whose job reports itself
 * running (scheduled) seconds before its sources read anything: the harness must not start its
 * clock before they do. The job's builder says how many source tasks to {@link #expect}; each one
 * reports {@link #started} once; the engine waits for {@link #allStarted}. Static, because the
 * sources are serialized into tasks that the engine's local cluster runs in this JVM.
 */
public final class SourceReadiness {
  private static final AtomicInteger STARTED = new AtomicInteger();
  private static final AtomicInteger EXPECTED = new AtomicInteger();

  private SourceReadiness() {}

  /** Forgets earlier jobs; a job without sources to wait for is ready at once. */
  public static void reset() {
    STARTED.set(0);
    EXPECTED.set(0);
  }

  /** A source of the job being built runs as {@code tasks} tasks. */
  public static void expect(int tasks) {
    EXPECTED.addAndGet(tasks);
  }

  /** A source task has started reading. */
  public static void started() {
    STARTED.incrementAndGet();
  }

  public static boolean allStarted() {
    return STARTED.get() >= EXPECTED.get();
  }
}
