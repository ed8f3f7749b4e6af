package org.streambench.verifier.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Counts generated records per (key, tumbling event-time window), cheaply enough for the generator
 * thread: event time only moves forward, so the current window's counters are cached.
 */
public final class WindowTally {
  private final long windowMicros;
  private final int keys;
  private final TreeMap<Long, long[]> windows = new TreeMap<>();
  private long currentStart = Long.MIN_VALUE;
  private long[] current;

  public WindowTally(long windowMicros, int keys) {
    this.windowMicros = windowMicros;
    this.keys = keys;
  }

  public void add(int key, long eventMicros) {
    long start = eventMicros - Math.floorMod(eventMicros, windowMicros);
    if (start != currentStart) {
      currentStart = start;
      current = windows.computeIfAbsent(start, s -> new long[keys]);
    }
    current[key]++;
  }

  /**
   * Non-zero counts keyed {@code name@windowStart}, window starts in the unit {@code perMicro}
   * divides microseconds by (1 for µs, 1000 for ms).
   */
  public Map<String, Long> expected(IntFunction<String> name, long perMicro) {
    Map<String, Long> out = new LinkedHashMap<>();
    windows.forEach(
        (start, counts) -> {
          for (int k = 0; k < keys; k++) {
            if (counts[k] > 0) {
              out.put(name.apply(k) + "@" + start / perMicro, counts[k]);
            }
          }
        });
    return out;
  }
}
