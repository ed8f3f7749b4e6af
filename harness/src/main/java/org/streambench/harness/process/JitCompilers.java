package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU that some JVMs' JIT compiler threads use, read from {@code /proc}: whether a JVM just
 * started has finished compiling what its traffic makes hot. A broker on two cores kept its C2
 * compiler busy for about 46 s after it started (a third of its CPU in a single run's measured
 * window), so the rig's warm-up waits for the compilers to settle before anything is measured.
 */
public final class JitCompilers {
  private final List<Long> pids;
  private Map<Long, Long> lastTicks;
  private long lastNanos;

  private JitCompilers(List<Long> pids) {
    this.pids = List.copyOf(pids);
    this.lastTicks = ticksByThread();
    this.lastNanos = System.nanoTime();
  }

  /** Starts watching the compiler threads of {@code pids}. */
  public static JitCompilers of(List<Long> pids) {
    return new JitCompilers(pids);
  }

  /** The cores the compiler threads used since the previous call (or since {@link #of}). */
  public double coresSinceLast() {
    Map<Long, Long> now = ticksByThread();
    long nanos = System.nanoTime();
    double cores = cores(lastTicks, now, (nanos - lastNanos) / 1e9);
    lastTicks = now;
    lastNanos = nanos;
    return cores;
  }

  /** How many compiler threads the JVMs have now. */
  int threads() {
    return ticksByThread().size();
  }

  /**
   * The cores used between two readings of thread → CPU ticks: each thread's growth, a new thread's
   * whole time (HotSpot starts compiler threads as its queue grows and ends them when it is idle;
   * one that ended between the readings is not counted, which only errs towards quiet).
   */
  static double cores(Map<Long, Long> before, Map<Long, Long> after, double seconds) {
    if (seconds <= 0) {
      return 0;
    }
    long ticks = 0;
    for (Map.Entry<Long, Long> e : after.entrySet()) {
      ticks += Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L));
    }
    return ticks / CpuSource.CLOCK_TICKS / seconds;
  }

  /**
   * Whether a thread's {@code comm} is one of HotSpot's JIT compiler threads ("C2 CompilerThread0",
   * which the kernel cuts to 15 characters).
   */
  static boolean isCompiler(String comm) {
    return comm.matches("C[12] Compiler.*");
  }

  private Map<Long, Long> ticksByThread() {
    Map<Long, Long> ticks = new HashMap<>();
    for (long pid : pids) {
      try (DirectoryStream<Path> tasks =
          Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
        for (Path task : tasks) {
          readCompilerTicks(task, ticks);
        }
      } catch (IOException | RuntimeException e) {
        // the process is gone or /proc is not there: it compiles nothing we can see
      }
    }
    return ticks;
  }

  private static void readCompilerTicks(Path task, Map<Long, Long> into) {
    try {
      if (!isCompiler(Files.readString(task.resolve("comm")).strip())) {
        return;
      }
      into.put(
          Long.parseLong(task.getFileName().toString()),
          CpuSource.cpuTicks(Files.readString(task.resolve("stat"))));
    } catch (IOException | RuntimeException e) {
      // the thread ended while it was read
    }
  }
}
