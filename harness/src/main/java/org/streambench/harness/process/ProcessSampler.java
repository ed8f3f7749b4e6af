package org.streambench.harness.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.results.DiskUsage;

/**
 * Samples CPU time and memory of the run's processes (from {@code /proc}) and of named harness
 * threads (from the JVM) once a second: CPU seconds, resident set size and its kernel-tracked peak
 * ({@code VmHWM}), and a process's storage reads and writes. Keeps a per-second series of cores
 * used per role, and marks points in time (the start and end of the steady state) so that CPU used
 * in between can be reported as cores.
 */
public final class ProcessSampler implements AutoCloseable {

  /**
   * One source's counters at one moment, and the CPUs it may run on ({@code Cpus_allowed_list};
   * several processes' together; null if unknown).
   *
   * @param disk bytes read from and written to storage so far ({@code read_bytes} and {@code
   *     write_bytes} of {@code /proc/<pid>/io}: what reached the block layer, not the page cache);
   *     null if unknown (threads of this JVM, a process whose counters cannot be read)
   */
  public record Sample(
      double cpuSeconds, long rssBytes, long peakRssBytes, String allowedCpus, DiskBytes disk) {}

  /** Storage bytes read and written by a source so far. */
  public record DiskBytes(long read, long written) {
    DiskBytes plus(DiskBytes other) {
      return new DiskBytes(read + other.read, written + other.written);
    }
  }

  private final Map<String, CpuSource> sources = new ConcurrentHashMap<>();
  private final Map<String, Sample> first = new ConcurrentHashMap<>();
  private final Map<String, Sample> last = new ConcurrentHashMap<>();
  private final Map<String, List<Double>> coresPerSecond = new ConcurrentHashMap<>();
  private final Map<String, Sample> previousTick = new ConcurrentHashMap<>();

  private final CpuHistory cpuHistory = new CpuHistory();

  private final Map<String, Map<String, Sample>> marks = new ConcurrentHashMap<>();
  private final Map<String, Long> markNanos = new ConcurrentHashMap<>();
  private final Map<String, Long> markMillis = new ConcurrentHashMap<>();
  private final Map<Long, String> spawning = new ConcurrentHashMap<>();
  private final Map<Long, String> groupOf = new ConcurrentHashMap<>();
  private final Map<String, List<Long>> groupPids = new ConcurrentHashMap<>();
  private final Set<Long> spawned = ConcurrentHashMap.newKeySet();
  private long ticks; // the timer's samples so far, guarded by this
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("process-sampler"));

  public ProcessSampler() {
    timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
  }

  /**
   * Starts sampling process {@code pid} under {@code role} (e.g. broker, engine, harness). CPU is
   * counted from now: a broker shared by several runs is charged only for this one.
   */
  public void watch(String role, long pid) {
    watch(role, CpuSource.process(pid));
  }

  /**
   * Starts sampling several processes as one role (their CPU and memory summed), e.g. every node of
   * a Kafka cluster.
   */
  public synchronized void watch(String role, List<Long> pids) {
    List<Long> members = new CopyOnWriteArrayList<>(pids);
    groupPids.put(role, members);
    watch(role, CpuSource.processes(members));
  }

  /**
   * Adds process {@code pid} to {@code group} (a role watched as several processes, or the group of
   * {@link #watchSpawning}): a process started again after a fault, counted from its start.
   */
  public synchronized void addToGroup(String group, long pid) {
    List<Long> members = groupPids.get(group);
    if (members != null && !members.contains(pid)) {
      members.add(pid);
    }
  }

  /**
   * Starts sampling process {@code pid} under {@code role} and every JVM it spawns (found once a
   * second: a Storm supervisor's worker JVMs, a Spark worker's executors) under {@code role/<main
   * class>}; the process and what it spawned also count, each in full from its first sample on, in
   * {@code group} (e.g. {@code engine}, all of an engine's processes).
   */
  public synchronized void watchSpawning(String role, long pid, String group) {
    watch(role, pid);
    spawning.put(pid, role);
    groupPids.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()).add(pid);
    if (!sources.containsKey(group)) {
      watch(group, CpuSource.processes(groupPids.get(group)));
    }
    groupOf.put(pid, group);
  }

  /** Starts sampling the harness threads whose name matches, under {@code role}. */
  public void watchThreads(String role, Predicate<String> threadName) {
    watch(role, CpuSource.threads(threadName));
  }

  private synchronized void watch(String role, CpuSource source) {
    sources.put(role, source);
    Sample now = source.read();
    if (now != null) {
      first.put(role, now);
      last.put(role, now);
      previousTick.put(role, now);
    }
  }

  /** CPU seconds {@code role} used since it was first watched. */
  public double cpuSinceWatched(String role) {
    Sample from = first.get(role);
    Sample to = last.get(role);
    return from == null || to == null ? Double.NaN : to.cpuSeconds() - from.cpuSeconds();
  }

  /** Records every source's counters now under {@code name}. */
  public synchronized void mark(String name) {
    sampleAll();
    marks.put(name, Map.copyOf(last));
    markNanos.put(name, System.nanoTime());
    markMillis.put(name, System.currentTimeMillis());
  }

  /** When mark {@code name} was made (epoch ms), or -1 if it was not. */
  public long markEpochMillis(String name) {
    return markMillis.getOrDefault(name, -1L);
  }

  /** The processes sampled as {@code role} (none for a thread group or an unknown role). */
  public List<Long> pids(String role) {
    CpuSource s = sources.get(role);
    return s == null ? List.of() : s.pids();
  }

  public boolean hasMark(String name) {
    return marks.containsKey(name);
  }

  /** CPU cores {@code role} used on average between two marks, or NaN if either is missing. */
  public double coresBetween(String role, String fromMark, String toMark) {
    Span span = span(role, fromMark, toMark);
    return span == null
        ? Double.NaN
        : (span.to().cpuSeconds() - span.from().cpuSeconds()) / span.seconds();
  }

  /**
   * Storage bytes per second {@code role} read and wrote between two marks, or null if either mark
   * or the counters are missing.
   */
  public DiskUsage diskBetween(String role, String fromMark, String toMark) {
    Span span = span(role, fromMark, toMark);
    if (span == null || span.from().disk() == null || span.to().disk() == null) {
      return null;
    }
    DiskBytes from = span.from().disk();
    DiskBytes to = span.to().disk();
    return new DiskUsage(
        (to.read() - from.read()) / span.seconds(),
        (to.written() - from.written()) / span.seconds());
  }

  /** A role's samples at two marks and the seconds between them. */
  private record Span(Sample from, Sample to, double seconds) {}

  /** {@code role}'s samples at two marks, null if either is missing or they are not in order. */
  private Span span(String role, String fromMark, String toMark) {
    Sample from = marks.getOrDefault(fromMark, Map.of()).get(role);
    Sample to = marks.getOrDefault(toMark, Map.of()).get(role);
    Long t0 = markNanos.get(fromMark);
    Long t1 = markNanos.get(toMark);
    if (from == null || to == null || t0 == null || t1 == null || t1 <= t0) {
      return null;
    }
    return new Span(from, to, (t1 - t0) / 1e9);
  }

  /** CPU seconds {@code role} used between two marks, or NaN if either is missing. */
  public double cpuBetween(String role, String fromMark, String toMark) {
    Sample from = marks.getOrDefault(fromMark, Map.of()).get(role);
    Sample to = marks.getOrDefault(toMark, Map.of()).get(role);
    return from == null || to == null ? Double.NaN : to.cpuSeconds() - from.cpuSeconds();
  }

  /** The latest sample of every source. */
  public synchronized Map<String, Sample> latest() {
    sampleAll();
    return Map.copyOf(last);
  }

  /** Cores used by each role in each second since it was watched. */
  public Map<String, List<Double>> coresPerSecond() {
    Map<String, List<Double>> copy = new TreeMap<>();
    coresPerSecond.forEach((role, series) -> copy.put(role, List.copyOf(series)));
    return copy;
  }

  /**
   * The processes sampled one by one as {@code group} or {@code group/...} (an engine's process, a
   * cluster's daemons and the JVMs they spawned), by role; roles that sum several processes are
   * left out.
   */
  public synchronized Map<String, Long> processesOf(String group) {
    Map<String, Long> out = new TreeMap<>();
    sources.forEach(
        (role, source) -> {
          if ((role.equals(group) || role.startsWith(group + "/"))
              && !groupPids.containsKey(role)) {
            out.put(role, source.pid());
          }
        });
    return out;
  }

  public long pid(String role) {
    CpuSource s = sources.get(role);
    return s == null ? -1 : s.pid();
  }

  /**
   * A role's mean cores between two instants (epoch ms), from the first tick at or after the one to
   * the last at or before the other; NaN where they are less than a second apart.
   */
  public double coresBetweenMillis(String role, long fromMillis, long toMillis) {
    return cpuHistory.coresBetween(role, fromMillis, toMillis);
  }

  private synchronized void tick() {
    sampleAll();
    long nowMillis = System.currentTimeMillis();
    last.forEach(
        (role, now) -> {
          cpuHistory.add(role, nowMillis, now.cpuSeconds());
          Sample prev = previousTick.put(role, now);
          if (prev != null) {
            double cores = Math.round((now.cpuSeconds() - prev.cpuSeconds()) * 1000) / 1000.0;
            coresPerSecond.computeIfAbsent(role, r -> new ArrayList<>()).add(cores);
          }
        });
    ticks++;
    notifyAll();
  }

  /**
   * Waits for the timer's next {@code n} once-a-second samples, at most {@code timeout}: every
   * source's counters as they then read, or null if the timer did not take them in time.
   */
  synchronized Map<String, Sample> awaitSamples(int n, Duration timeout)
      throws InterruptedException {
    long target = ticks + n;
    long deadline = System.nanoTime() + timeout.toNanos();
    while (ticks < target) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return Map.copyOf(last);
  }

  private synchronized void sampleAll() {
    findSpawned();
    sources.forEach(
        (role, source) -> {
          Sample s = source.read();
          if (s != null) {
            Sample prev = last.get(role);
            long peak = Math.max(s.peakRssBytes(), prev == null ? 0 : prev.peakRssBytes());
            last.put(
                role, new Sample(s.cpuSeconds(), s.rssBytes(), peak, s.allowedCpus(), s.disk()));
          }
        });
  }

  /**
   * Samples every JVM that process {@code parent} spawns (found once a second) under {@code
   * role/<main class>}, and each in {@code group}, but not {@code parent} itself: the containers a
   * YARN NodeManager starts for the run's application, not the NodeManager.
   */
  public synchronized void watchSpawned(String role, long parent, String group) {
    spawning.put(parent, role);
    groupPids.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>());
    if (!sources.containsKey(group)) {
      watch(group, CpuSource.processes(groupPids.get(group)));
    }
    groupOf.put(parent, group);
  }

  /** Watches the JVMs the spawning processes started since the last sample. */
  private void findSpawned() {
    spawning.forEach(
        (pid, role) ->
            ProcessHandle.of(pid)
                .ifPresent(
                    parent ->
                        parent
                            .descendants()
                            .filter(child -> !spawned.contains(child.pid()))
                            .forEach(
                                child -> {
                                  String name = CpuSource.spawnedName(child);
                                  if (name != null) {
                                    spawned.add(child.pid());
                                    watch(uniqueRole(role + "/" + name), child.pid());
                                    groupPids.get(groupOf.get(pid)).add(child.pid());
                                  }
                                })));
  }

  private String uniqueRole(String role) {
    String name = role;
    for (int n = 2; sources.containsKey(name); n++) {
      name = role + "-" + n;
    }
    return name;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
