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

  /** Every process the source sums (none for a thread group). */
  default List<Long> pids() {
    return List.of(pid());
  }

  /** A process, read from {@code /proc/<pid>}. */
  static CpuSource process(long pid) {
    return new CpuSource() {
      @Override
      public ProcessSampler.Sample read() {
        return readProc(pid);
      }

      @Override
      public long pid() {
        return pid;
      }
    };
  }

  /**
   * Several processes as one (e.g. a Kafka cluster's nodes, or an engine's processes and the ones
   * they spawned), from a list that may grow: their CPU and memory summed, the peak the sum of
   * their peaks. A process that ended keeps counting with its last CPU time (so a killed worker
   * does not make the sum go back), its memory no longer. Null until one has been read.
   */
  static CpuSource processes(List<Long> pids) {
    Map<Long, ProcessSampler.Sample> lastOf = new ConcurrentHashMap<>();
    return new CpuSource() {
      @Override
      public synchronized ProcessSampler.Sample read() {
        double cpu = 0;
        long rss = 0;
        long peak = 0;
        ProcessSampler.DiskBytes disk = new ProcessSampler.DiskBytes(0, 0);
        boolean diskKnown = true;
        List<String> allowed = new java.util.ArrayList<>();
        for (long pid : pids) {
          ProcessSampler.Sample s = readProc(pid);
          if (s != null) {
            lastOf.put(pid, s);
            rss += s.rssBytes();
          } else {
            s = lastOf.get(pid);
          }
          if (s != null) {
            cpu += s.cpuSeconds();
            peak += s.peakRssBytes();
            allowed.add(s.allowedCpus());
            if (s.disk() == null) {
              diskKnown = false;
            } else {
              disk = disk.plus(s.disk());
            }
          }
        }
        return lastOf.isEmpty()
            ? null
            : new ProcessSampler.Sample(
                cpu, rss, peak, CpuList.union(allowed), diskKnown ? disk : null);
      }

      @Override
      public long pid() {
        return pids.get(0);
      }

      @Override
      public List<Long> pids() {
        return List.copyOf(pids);
      }
    };
  }

  /**
   * The name a process spawned by an engine process is sampled under: the simple name of a JVM's
   * main class (a Storm {@code Worker}, a Spark {@code CoarseGrainedExecutorBackend}), or null for
   * a process that is not a JVM (a shell, a tool), which is not sampled on its own.
   */
  static String spawnedName(ProcessHandle p) {
    List<String> argv = CommandLine.of(p.pid());
    if (spawnedName(argv) == null) {
      return null; // not a JVM: its parent's command line need not be read
    }
    List<String> parent = p.parent().map(h -> CommandLine.of(h.pid())).orElse(List.of());
    return spawnedName(argv, parent);
  }

  /**
   * As above, and null for a fork of its parent that has not yet started its own program: until it
   * does, it shows its parent's command line (a Spark executor starting a command looked, for an
   * instant, like a second executor).
   */
  static String spawnedName(List<String> argv, List<String> parentArgv) {
    return argv.equals(parentArgv) ? null : spawnedName(argv);
  }

  /** As above, from the process's command line. */
  static String spawnedName(List<String> argv) {
    if (argv.isEmpty() || !argv.get(0).endsWith("java")) {
      return null;
    }
    for (int i = 1; i < argv.size(); i++) {
      String a = argv.get(i);
      if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
        i++;
      } else if (a.equals("-jar") && i + 1 < argv.size()) {
        return Path.of(argv.get(i + 1)).getFileName().toString();
      } else if (!a.startsWith("-")) {
        return a.substring(a.lastIndexOf('.') + 1);
      }
    }
    return null;
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
        // the harness's own CPUs: a placement sets every thread's alike (taskset -a)
        return new ProcessSampler.Sample(total / 1e9, 0, 0, CpuList.ofProcess(pid()), null);
      }

      @Override
      public long pid() {
        return ProcessHandle.current().pid();
      }

      @Override
      public List<Long> pids() {
        return List.of();
      }
    };
  }

  /** Clock ticks per second of /proc/[pid]/stat times; 100 on every mainstream Linux build. */
  double CLOCK_TICKS = 100.0;

  /**
   * User plus system CPU, in clock ticks, of a {@code /proc/[pid]/stat} or {@code
   * /proc/[pid]/task/[tid]/stat} line.
   */
  static long cpuTicks(String stat) {
    // fields after the command name, which is in parentheses and may contain spaces
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  private static ProcessSampler.Sample readProc(long pid) {
    try {
      double cpu =
          cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) / CLOCK_TICKS;
      long rss = 0;
      long hwm = 0;
      String allowed = null;
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          rss = kilobytes(line) * 1024;
        } else if (line.startsWith("VmHWM:")) {
          hwm = kilobytes(line) * 1024;
        } else if (line.startsWith("Cpus_allowed_list:")) {
          allowed = line.substring(line.indexOf(':') + 1).trim();
        }
      }
      return new ProcessSampler.Sample(cpu, rss, Math.max(hwm, rss), allowed, readDisk(pid));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A process's storage reads and writes so far, null if they cannot be read. */
  private static ProcessSampler.DiskBytes readDisk(long pid) {
    try {
      long read = -1;
      long written = -1;
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"))) {
        if (line.startsWith("read_bytes:")) {
          read = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
        } else if (line.startsWith("write_bytes:")) {
          written = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
        }
      }
      return read < 0 || written < 0 ? null : new ProcessSampler.DiskBytes(read, written);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long kilobytes(String statusLine) {
    return Long.parseLong(statusLine.replaceAll("[^0-9]", ""));
  }
}
