package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples CPU time and memory of the run's processes from {@code /proc} once a second: CPU seconds
 * (user + system), resident set size and its kernel-tracked peak ({@code VmHWM}). Keeps the last
 * sample of a process that has exited, and marks points in time (e.g. the start and end of the
 * steady state) so that CPU used in between can be reported as cores.
 */
public final class ProcessSampler implements AutoCloseable {
  /** Clock ticks per second of /proc/[pid]/stat times; 100 on every mainstream Linux build. */
  private static final double CLOCK_TICKS = 100.0;

  /** One process's counters at one moment. */
  public record Sample(double cpuSeconds, long rssBytes, long peakRssBytes) {}

  private final Map<String, Long> pids = new ConcurrentHashMap<>();
  private final Map<String, Sample> first = new ConcurrentHashMap<>();
  private final Map<String, Sample> last = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Sample>> marks = new ConcurrentHashMap<>();
  private final Map<String, Long> markNanos = new ConcurrentHashMap<>();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "process-sampler");
            t.setDaemon(true);
            return t;
          });

  public ProcessSampler() {
    timer.scheduleAtFixedRate(this::sampleAll, 0, 1, TimeUnit.SECONDS);
  }

  /**
   * Starts sampling {@code pid} under {@code role} (e.g. broker, engine, harness). CPU is counted
   * from now: a broker shared by several runs is charged only for this one.
   */
  public void watch(String role, long pid) {
    pids.put(role, pid);
    sample(role, pid);
    Sample now = last.get(role);
    if (now != null) {
      first.put(role, now);
    }
  }

  /** CPU seconds {@code role} used since it was first watched. */
  public double cpuSinceWatched(String role) {
    Sample from = first.get(role);
    Sample to = last.get(role);
    return from == null || to == null ? Double.NaN : to.cpuSeconds() - from.cpuSeconds();
  }

  /** Records every process's counters now under {@code name}. */
  public synchronized void mark(String name) {
    sampleAll();
    marks.put(name, Map.copyOf(last));
    markNanos.put(name, System.nanoTime());
  }

  public boolean hasMark(String name) {
    return marks.containsKey(name);
  }

  /** CPU cores {@code role} used on average between two marks, or NaN if either is missing. */
  public double coresBetween(String role, String fromMark, String toMark) {
    Sample from = marks.getOrDefault(fromMark, Map.of()).get(role);
    Sample to = marks.getOrDefault(toMark, Map.of()).get(role);
    Long t0 = markNanos.get(fromMark);
    Long t1 = markNanos.get(toMark);
    if (from == null || to == null || t0 == null || t1 == null || t1 <= t0) {
      return Double.NaN;
    }
    return (to.cpuSeconds() - from.cpuSeconds()) / ((t1 - t0) / 1e9);
  }

  /** The latest sample of every watched process. */
  public synchronized Map<String, Sample> latest() {
    sampleAll();
    return Map.copyOf(last);
  }

  public List<String> roles() {
    return List.copyOf(pids.keySet());
  }

  public Long pid(String role) {
    return pids.get(role);
  }

  private synchronized void sampleAll() {
    pids.forEach(this::sample);
  }

  private void sample(String role, long pid) {
    Sample s = read(pid);
    if (s != null) {
      Sample prev = last.get(role);
      long peak = Math.max(s.peakRssBytes(), prev == null ? 0 : prev.peakRssBytes());
      last.put(role, new Sample(s.cpuSeconds(), s.rssBytes(), peak));
    }
  }

  /** Reads one process's counters; null once it has exited. */
  static Sample read(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // fields after the command name, which is in parentheses and may contain spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      double cpu = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / CLOCK_TICKS;
      long rss = 0;
      long hwm = 0;
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          rss = kilobytes(line) * 1024;
        } else if (line.startsWith("VmHWM:")) {
          hwm = kilobytes(line) * 1024;
        }
      }
      return new Sample(cpu, rss, Math.max(hwm, rss));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long kilobytes(String statusLine) {
    return Long.parseLong(statusLine.replaceAll("[^0-9]", ""));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
