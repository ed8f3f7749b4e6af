package org.streambench.harness.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Something whose CPU and memory {@link ProcessSampler} reads: a process, or threads of this JVM.
 */
interface CpuSource {
  /** Current counters, or null once the source is gone. */
  ProcessSampler.Sample read();

  /** Process id of the source (this JVM's for thread groups). */
  long pid();

  /** A process, read from {@code /proc/<pid>}. */
  static CpuSource process(long pid) {
    return new CpuSource() {
      @Override
      public ProcessSampler.Sample read() {
        return readTree(pid);
      }

      @Override
      public long pid() {
        return pid;
      }
    };
  }

  /**
   * Several processes as one (e.g. a Kafka cluster's nodes): their CPU and memory summed, the peak
   * the sum of their peaks. Null once all are gone.
   */
  static CpuSource processes(List<Long> pids) {
    return new CpuSource() {
      @Override
      public ProcessSampler.Sample read() {
        double cpu = 0;
        long rss = 0;
        long peak = 0;
        boolean any = false;
        for (long pid : pids) {
          ProcessSampler.Sample s = readTree(pid);
          if (s != null) {
            any = true;
            cpu += s.cpuSeconds();
            rss += s.rssBytes();
            peak += s.peakRssBytes();
          }
        }
        return any ? new ProcessSampler.Sample(cpu, rss, peak) : null;
      }

      @Override
      public long pid() {
        return pids.get(0);
      }
    };
  }

  /**
   * The threads of this JVM whose name matches, e.g. the generator's thread and its producer's
   * network thread. Threads that ended keep counting with their last CPU time. No memory figure.
   */
  static CpuSource threads(Predicate<String> name) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<Long, Long> cpuByThread = new ConcurrentHashMap<>();
    return new CpuSource() {
      @Override
      public synchronized ProcessSampler.Sample read() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
          if (name.test(t.getName())) {
            long cpu = mx.getThreadCpuTime(t.getId());
            if (cpu >= 0) {
              cpuByThread.put(t.getId(), cpu);
            }
          }
        }
        long total = cpuByThread.values().stream().mapToLong(Long::longValue).sum();
        return new ProcessSampler.Sample(total / 1e9, 0, 0);
      }

      @Override
      public long pid() {
        return ProcessHandle.current().pid();
      }
    };
  }

  /** Clock ticks per second of /proc/[pid]/stat times; 100 on every mainstream Linux build. */
  double CLOCK_TICKS = 100.0;

  /**
   * A process with everything it started: its own CPU time, that of its children it has waited for,
   * and its live descendants' (e.g. the executor JVMs a Spark Worker or a Storm supervisor starts,
   * which do the engine's work); memory summed over the live ones. Null once it is gone.
   */
  private static ProcessSampler.Sample readTree(long pid) {
    if (pid == ProcessHandle.current().pid()) {
      // the harness: its children are the run's other processes, sampled as roles of their own
      return readProc(pid, false);
    }
    ProcessSampler.Sample own = readProc(pid, true);
    if (own == null) {
      return null;
    }
    double cpu = own.cpuSeconds();
    long rss = own.rssBytes();
    long peak = own.peakRssBytes();
    for (ProcessHandle d :
        ProcessHandle.of(pid).map(h -> h.descendants().toList()).orElse(List.of())) {
      ProcessSampler.Sample s = readProc(d.pid(), true);
      if (s != null) {
        cpu += s.cpuSeconds();
        rss += s.rssBytes();
        peak += s.peakRssBytes();
      }
    }
    return new ProcessSampler.Sample(cpu, rss, peak);
  }

  /** One process: its CPU time (and that of the children it has waited for); its memory. */
  private static ProcessSampler.Sample readProc(long pid, boolean withChildren) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // fields after the command name, which is in parentheses and may contain spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // utime, stime, cutime, cstime
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      if (withChildren) {
        ticks += Long.parseLong(f[13]) + Long.parseLong(f[14]);
      }
      double cpu = ticks / CLOCK_TICKS;
      long rss = 0;
      long hwm = 0;
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          rss = kilobytes(line) * 1024;
        } else if (line.startsWith("VmHWM:")) {
          hwm = kilobytes(line) * 1024;
        }
      }
      return new ProcessSampler.Sample(cpu, rss, Math.max(hwm, rss));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long kilobytes(String statusLine) {
    return Long.parseLong(statusLine.replaceAll("[^0-9]", ""));
  }
}
