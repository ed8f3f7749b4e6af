package org.streambench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * What one timed sleep costs on this machine, without Kafka: a thread parks for the paced
 * generator's shortest sleep (400 µs) again and again and reports how late it woke and the CPU each
 * park-and-wake cost it (from {@code /proc/thread-self/schedstat}: time on the CPU, time runnable
 * but waiting for one). It is the floor under the paced generator's lateness and CPU.
 *
 * <pre>
 * java -cp benchmarks/target/streambench-benchmarks.jar org.streambench.bench.WakeUpJitter [SECONDS]
 * </pre>
 */
public final class WakeUpJitter {
  private static final long PARK_NANOS = 400_000;
  private static final long[] BOUNDS_MICROS = {100, 250, 500, 1_000, 1_500};

  private WakeUpJitter() {}

  public static void main(String[] args) throws Exception {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 20;
    long[] counts = new long[BOUNDS_MICROS.length + 1];
    long parks = 0;
    long maxLateMicros = 0;
    long[] before = schedstat();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    while (System.nanoTime() < end) {
      long t0 = System.nanoTime();
      LockSupport.parkNanos(PARK_NANOS);
      long late = (System.nanoTime() - t0 - PARK_NANOS) / 1_000;
      maxLateMicros = Math.max(maxLateMicros, late);
      int bucket = 0;
      while (bucket < BOUNDS_MICROS.length && late >= BOUNDS_MICROS[bucket]) {
        bucket++;
      }
      counts[bucket]++;
      parks++;
    }
    long[] after = schedstat();
    System.out.printf(
        "%,d parks of %d us in %d s: CPU %.1f us per park, runnable but waiting %.2f %% of the"
            + " time, woke late by max %,d us%n",
        parks,
        PARK_NANOS / 1_000,
        seconds,
        (after[0] - before[0]) / 1e3 / parks,
        (after[1] - before[1]) / 1e7 / seconds,
        maxLateMicros);
    for (int i = 0; i < counts.length; i++) {
      String range =
          i < BOUNDS_MICROS.length
              ? "late < " + BOUNDS_MICROS[i] + " us"
              : "late >= " + BOUNDS_MICROS[i - 1] + " us";
      System.out.printf("  %-18s %,10d%n", range, counts[i]);
    }
  }

  /** Nanoseconds this thread ran and waited runnable. */
  private static long[] schedstat() throws Exception {
    String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+");
    return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
  }
}
