package org.streambench.harness.process;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.streambench.harness.UsageException;

/**
 * The CPUs each role's processes may run on ({@code --cpus engine=1,broker=0,driver=0}), set as CPU
 * affinity: a child starts under {@code taskset -c LIST}, and affinity is inherited across fork and
 * exec, so what an engine process spawns (Storm's workers, Spark's executors) runs on its role's
 * CPUs too. The harness sets its own threads' affinity ({@code taskset -a -p}); the threads it
 * starts later inherit it. Roles: {@code engine} (every engine process), {@code master} and {@code
 * worker} (a cluster deployment's master and worker processes, which otherwise take {@code
 * engine}'s), {@code broker} (every Kafka node), {@code driver} (the harness: generator and
 * collector), {@code redis}. With a placement, a role it does not name runs on every CPU of the
 * machine (not on the driver's, which a child would otherwise inherit). CPU lists are in Linux
 * syntax, {@code 0-3,6}. {@link CpuList#ofProcess} reads what a process was given.
 */
public final class CpuPlacement {
  /** The roles a placement may name. */
  public static final List<String> ROLES =
      List.of("engine", "master", "worker", "broker", "driver", "redis", "hadoop");

  /** No placement: every process keeps the machine's default. */
  public static final CpuPlacement NONE = new CpuPlacement(Map.of(), "--cpus");

  /** Taken when the class loads, before the harness may set its own affinity. */
  private static final int MACHINE_PROCESSORS = Runtime.getRuntime().availableProcessors();

  private static final String MACHINE_CPUS = machineCpusNow();

  private final Map<String, String> cpus;
  private final String source;

  private CpuPlacement(Map<String, String> cpus, String source) {
    this.cpus = cpus;
    this.source = source;
  }

  /**
   * Parses {@code ROLE=LIST[,ROLE=LIST...]}; entries may also be separated by spaces or {@code ;}.
   * Null, blank or {@code none} is {@link #NONE}.
   *
   * @param source where it was written ({@code --cpus}, the suite file's {@code cpus}), for errors
   * @throws UsageException with one line on an unknown role, a malformed list or a role given twice
   */
  public static CpuPlacement parse(String spec, String source) {
    if (spec == null || spec.isBlank() || spec.trim().equals("none")) {
      return NONE;
    }
    if (spec.trim().equals(AUTO)) {
      return auto(MACHINE_CPUS, source);
    }
    Map<String, SortedSet<Integer>> lists = new LinkedHashMap<>();
    String role = null;
    for (String token : spec.trim().split("[\\s,;]+")) {
      String list = token;
      int eq = token.indexOf('=');
      if (eq >= 0) {
        role = token.substring(0, eq);
        if (!ROLES.contains(role)) {
          throw usage(
              source,
              "unknown role '"
                  + role
                  + "' in '"
                  + spec
                  + "' (roles: "
                  + String.join(", ", ROLES)
                  + ")");
        }
        if (lists.containsKey(role)) {
          throw usage(source, "role " + role + " is given twice in '" + spec + "'");
        }
        lists.put(role, new TreeSet<>());
        list = token.substring(eq + 1);
      } else if (role == null) {
        throw usage(source, "'" + spec + "' must be ROLE=CPUS, e.g. engine=1,broker=0,driver=0");
      }
      if (!list.isEmpty()) {
        SortedSet<Integer> parsed = CpuList.parse(list);
        if (parsed == null) {
          throw usage(
              source,
              "'" + list + "' of role " + role + " is not a CPU list (Linux syntax: 0-3,6)");
        }
        lists.get(role).addAll(parsed);
      }
    }
    Map<String, String> canonical = new LinkedHashMap<>();
    for (String r : ROLES) {
      SortedSet<Integer> set = lists.get(r);
      if (set != null && set.isEmpty()) {
        throw usage(source, "role " + r + " has no CPUs in '" + spec + "'");
      }
      if (set != null) {
        canonical.put(r, CpuList.format(set));
      }
    }
    return new CpuPlacement(Map.copyOf(canonical), source);
  }

  /** The placement that gives the engine CPUs of its own: {@link #auto(String, String)}. */
  public static final String AUTO = "auto";

  /**
   * The engine on the upper half of {@code machineCpus}, everything else (broker, driver, Redis) on
   * the lower half: on two CPUs {@code engine=1,broker=0,driver=0,redis=0}, so that the rig never
   * takes the engine's CPU and the engine never takes the driver's. {@link #NONE} on one CPU.
   */
  static CpuPlacement auto(String machineCpus, String source) {
    List<Integer> all = new ArrayList<>(CpuList.parse(machineCpus));
    if (all.size() < 2) {
      return NONE;
    }
    String rig = CpuList.format(new TreeSet<>(all.subList(0, all.size() / 2)));
    String engine = CpuList.format(new TreeSet<>(all.subList(all.size() / 2, all.size())));
    return parse(
        "engine=" + engine + ",broker=" + rig + ",driver=" + rig + ",redis=" + rig, source);
  }

  /**
   * Without {@code --cpus}: {@link #auto} on four CPUs or more; none on fewer, where suites that
   * compare engines at capacity ask for {@code auto} themselves.
   */
  public static CpuPlacement defaultHere(String source) {
    return CpuList.parse(MACHINE_CPUS).size() >= 4 && Taskset.onPath()
        ? auto(MACHINE_CPUS, source)
        : NONE;
  }

  /** As {@link #parse(String, String)}, from the values of a repeatable option. */
  public static CpuPlacement parse(List<String> specs, String source) {
    return parse(String.join(",", specs), source);
  }

  private static UsageException usage(String source, String message) {
    return new UsageException(source + ": " + message);
  }

  /**
   * Refuses a placement this machine cannot apply: a CPU this process may not run on ({@code
   * Cpus_allowed_list} of {@code /proc/self/status}), or no {@code taskset}.
   */
  public CpuPlacement requireUsableHere() {
    if (isNone()) {
      return this;
    }
    if (!Taskset.onPath()) {
      throw usage(source, "CPU placement needs taskset (util-linux), which is not on the PATH");
    }
    requireWithin(MACHINE_CPUS);
    return this;
  }

  /** Refuses a CPU outside {@code allowed} (a CPU list). */
  void requireWithin(String allowed) {
    SortedSet<Integer> machine = CpuList.parse(allowed);
    if (machine == null) {
      return; // unreadable: taskset will say what is wrong
    }
    for (Map.Entry<String, String> e : asMap().entrySet()) {
      SortedSet<Integer> missing = new TreeSet<>(CpuList.parse(e.getValue()));
      missing.removeAll(machine);
      if (!missing.isEmpty()) {
        throw usage(
            source,
            String.format(
                "CPU %s of role %s is not on this machine (its CPUs: %s)",
                CpuList.format(missing), e.getKey(), allowed));
      }
    }
  }

  public boolean isNone() {
    return cpus.isEmpty();
  }

  /**
   * The CPUs of {@code role}, or null if the placement does not name it; {@code master} and {@code
   * worker} fall back to {@code engine}.
   */
  public String cpusOf(String role) {
    String own = cpus.get(role);
    if (own == null && (role.equals("master") || role.equals("worker"))) {
      return cpus.get("engine");
    }
    return own;
  }

  /**
   * What a child process of {@code role} is started under: nothing without a placement, else {@code
   * taskset -c} with the role's CPUs or, for a role it does not name, all of the machine's.
   */
  public List<String> launcher(String role) {
    if (isNone()) {
      return List.of();
    }
    String list = cpusOf(role);
    return Taskset.launcher(list == null ? MACHINE_CPUS : list);
  }

  /** {@code command} started under {@link #launcher}. */
  public List<String> command(String role, List<String> command) {
    List<String> out = new ArrayList<>(launcher(role));
    out.addAll(command);
    return out;
  }

  /**
   * Whether the placement names a role of a cluster deployment only ({@code master}, {@code
   * worker}).
   */
  public boolean namesClusterRoles() {
    return cpus.containsKey("master") || cpus.containsKey("worker");
  }

  /** The roles named and their CPUs, in {@link #ROLES} order. */
  public Map<String, String> asMap() {
    Map<String, String> out = new LinkedHashMap<>();
    ROLES.forEach(
        r -> {
          if (cpus.containsKey(r)) {
            out.put(r, cpus.get(r));
          }
        });
    return out;
  }

  /** {@code engine=1 broker=0 driver=0}, or {@code none}. */
  public String describe() {
    if (isNone()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    asMap().forEach((r, l) -> parts.add(r + "=" + l));
    return String.join(" ", parts);
  }

  @Override
  public String toString() {
    return describe();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CpuPlacement p && p.cpus.equals(cpus);
  }

  @Override
  public int hashCode() {
    return cpus.hashCode();
  }

  /** Sets the affinity of this JVM's threads until the returned pin is closed. */
  @FunctionalInterface
  public interface Pin extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Pins every thread of this JVM to the driver's CPUs ({@code taskset -a -p -c}); the threads
   * started later inherit them. Closing the pin gives the threads back the CPUs they had. Nothing
   * to do if the placement does not name the driver.
   */
  public Pin pinDriver() {
    String list = cpus.get("driver");
    if (list == null) {
      return () -> {};
    }
    long pid = ProcessHandle.current().pid();
    String before = CpuList.ofProcess(pid);
    Taskset.setThreads(list, pid);
    return () -> Taskset.setThreads(before == null ? MACHINE_CPUS : before, pid);
  }

  /** The CPUs this harness could run on when it started, e.g. {@code 0-1}. */
  public static String machineCpus() {
    return MACHINE_CPUS;
  }

  /**
   * The processors the harness's JVM saw when it started: the machine's, as the rules that judge it
   * need them (a driver pinned to one CPU makes {@code availableProcessors()} say 1).
   */
  public static int machineProcessors() {
    return MACHINE_PROCESSORS;
  }

  private static String machineCpusNow() {
    String own = CpuList.ofProcess(ProcessHandle.current().pid());
    return own != null && CpuList.parse(own) != null ? own : "0-" + (MACHINE_PROCESSORS - 1);
  }
}
