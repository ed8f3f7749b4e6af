package org.streambench.harness.process;

import java.lang.management.ManagementFactory;
import java.util.function.Predicate;

/**
 * CPU time and heap allocation of the current thread since this object was made; the measure of
 * what generating or collecting a record costs the harness.
 *
 * <pre>
 * ThreadCost cost = ThreadCost.start();
 * ... work ...
 * double cpu = cost.cpuSeconds();
 * long bytes = cost.allocatedBytes();
 * </pre>
 */
public final class ThreadCost {
  private static final com.sun.management.ThreadMXBean MX =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final long cpuStart = MX.getCurrentThreadCpuTime();
  private final long allocatedStart = MX.getCurrentThreadAllocatedBytes();

  private ThreadCost() {}

  public static ThreadCost start() {
    return new ThreadCost();
  }

  public double cpuSeconds() {
    return (MX.getCurrentThreadCpuTime() - cpuStart) / 1e9;
  }

  public long allocatedBytes() {
    return MX.getCurrentThreadAllocatedBytes() - allocatedStart;
  }

  /** Total CPU seconds of the live threads of this JVM whose name matches. */
  public static double cpuSecondsOfThreads(Predicate<String> name) {
    long total = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (name.test(t.getName())) {
        total += Math.max(0, MX.getThreadCpuTime(t.getId()));
      }
    }
    return total / 1e9;
  }
}
