package org.streambench.harness.process;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Per role, each sample's {epoch ms, CPU seconds}: the CPU of any past span. */
final class CpuHistory {
  private final Map<String, List<double[]>> ticks = new ConcurrentHashMap<>();

  synchronized void add(String role, long epochMillis, double cpuSeconds) {
    ticks.computeIfAbsent(role, r -> new ArrayList<>()).add(new double[] {epochMillis, cpuSeconds});
  }

  /**
   * A role's mean cores between two instants (epoch ms), from the first tick at or after the one to
   * the last at or before the other; NaN where they are less than a second apart.
   */
  synchronized double coresBetween(String role, long fromMillis, long toMillis) {
    double[] a = null;
    double[] b = null;
    for (double[] t : ticks.getOrDefault(role, List.of())) {
      if (a == null && t[0] >= fromMillis) {
        a = t;
      }
      if (t[0] <= toMillis) {
        b = t;
      }
    }
    return a == null || b == null || b[0] - a[0] < 1000
        ? Double.NaN
        : (b[1] - a[1]) * 1000 / (b[0] - a[0]);
  }
}
