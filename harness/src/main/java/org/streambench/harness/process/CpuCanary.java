package org.streambench.harness.process;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.streambench.harness.results.CalibrationResult;

/**
 * How fast this machine's CPUs run, measured while a run runs: once a second a thread of the
 * harness does the same fixed piece of work (a dependent walk through a table larger than a core's
 * own caches, then a chain of arithmetic) and times it in its own CPU time, so that waiting for a
 * CPU is not in it. The same work taking more CPU time means slower CPUs: another guest on the host
 * sharing the core or its caches, a lower clock, the run's own processes crowding the caches. A
 * throughput that moved between repetitions of one configuration while the canary did not points at
 * the engine; one that moved with it, at the machine. The work takes under 2 ms a second. Its two
 * parts are timed apart: the walk slows where another process or guest crowds the shared cache or
 * the memory bus, the arithmetic only where the core itself runs slower (its clock, or a sibling
 * hardware thread sharing it).
 */
public final class CpuCanary implements AutoCloseable {
  /** 16 MiB of ints: more than a core's L2, so the walk sees the shared cache and memory. */
  private static final int TABLE = 1 << 22;

  private static final int WALK_STEPS = 8_000;
  private static final int ARITHMETIC_STEPS = 200_000;

  /** Passes before sampling: the work compiled, so that samples time machine code only. */
  private static final int WARM_PASSES = 200;

  private static final long PERIOD_MILLIS = 1_000;

  /** One timing: when it was taken (epoch ms) and each part's CPU time in µs. */
  public record Sample(long epochMillis, double walkMicros, double arithmeticMicros) {
    /** The whole work's CPU time in µs. */
    public double cpuMicros() {
      return walkMicros + arithmeticMicros;
    }
  }

  /** Median CPU times of the work and of its two parts over a window, in µs (NaN: no sample). */
  public record Medians(double totalMicros, double walkMicros, double arithmeticMicros) {
    public static final Medians UNKNOWN = new Medians(Double.NaN, Double.NaN, Double.NaN);
  }

  private final List<Sample> samples = new ArrayList<>();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final Thread thread;
  private volatile boolean stopped;

  /** Result of the work, kept so that the JIT cannot remove it. */
  @SuppressWarnings("unused")
  private volatile long sink;

  private CpuCanary() {
    thread = new Thread(this::loop, "streambench-cpu-canary");
    thread.setDaemon(true);
  }

  /** Starts timing; null where the JVM cannot read a thread's CPU time. */
  public static CpuCanary start() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isCurrentThreadCpuTimeSupported()) {
      return null;
    }
    CpuCanary canary = new CpuCanary();
    canary.thread.start();
    return canary;
  }

  private void loop() {
    int[] next = cycle(TABLE, 42);
    if (!threads.isThreadCpuTimeEnabled()) {
      threads.setThreadCpuTimeEnabled(true);
    }
    for (int i = 0; i < WARM_PASSES && !stopped; i++) {
      sink = arithmetic(walk(next));
    }
    while (!stopped) {
      long before = threads.getCurrentThreadCpuTime();
      int at = walk(next);
      long walked = threads.getCurrentThreadCpuTime();
      sink = arithmetic(at);
      long after = threads.getCurrentThreadCpuTime();
      synchronized (samples) {
        samples.add(
            new Sample(
                System.currentTimeMillis(), (walked - before) / 1e3, (after - walked) / 1e3));
      }
      try {
        Thread.sleep(PERIOD_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** The walk: each step's load waits for the one before, so it runs at the memory's latency. */
  static int walk(int[] next) {
    int at = 0;
    for (int i = 0; i < WALK_STEPS; i++) {
      at = next[at];
    }
    return at;
  }

  /** The arithmetic: a chain of shifts and xors on registers, at the core's own speed. */
  static long arithmetic(int seed) {
    long x = seed | 1L;
    for (int i = 0; i < ARITHMETIC_STEPS; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    return x;
  }

  /** A single cycle through every index in random order (Sattolo's shuffle). */
  static int[] cycle(int size, long seed) {
    int[] next = new int[size];
    for (int i = 0; i < size; i++) {
      next[i] = i;
    }
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = size - 1; i > 0; i--) {
      int j = random.nextInt(i);
      int t = next[i];
      next[i] = next[j];
      next[j] = t;
    }
    return next;
  }

  /** The samples taken so far. */
  public List<Sample> samples() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }

  /**
   * Median CPU µs of the work and of each part over samples taken from {@code fromMillis} to {@code
   * toMillis}.
   */
  public static Medians medians(List<Sample> samples, long fromMillis, long toMillis) {
    List<Sample> in =
        samples.stream()
            .filter(s -> s.epochMillis() >= fromMillis && s.epochMillis() <= toMillis)
            .toList();
    if (in.isEmpty()) {
      return Medians.UNKNOWN;
    }
    return new Medians(
        median(in, Sample::cpuMicros),
        median(in, Sample::walkMicros),
        median(in, Sample::arithmeticMicros));
  }

  private static double median(List<Sample> samples, ToDoubleFunction<Sample> part) {
    return CalibrationResult.Spread.of(samples.stream().map(part::applyAsDouble).toList()).median();
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
  }
}
