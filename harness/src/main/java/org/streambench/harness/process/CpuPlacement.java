package org.streambench.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
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
 * syntax, {@code 0-3,6}. {@link #allowedCpus} reads what a process was given.
 */
public final class CpuPlacement {
  /** The roles a placement may name. */
  public static final List<String> ROLES =
      List.of("engine", "master", "worker", "broker", "driver", "redis");

  /** No placement: every process keeps the machine's default. */
  public static final CpuPlacement NONE = new CpuPlacement(Map.of(), "--cpus");

  /** The highest CPU number a list may name (the kernel's default {@code NR_CPUS} limit). */
  private static final int MAX_CPU = 8191;

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
        SortedSet<Integer> parsed = parseList(list);
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
        canonical.put(r, format(set));
      }
    }
    return new CpuPlacement(Map.copyOf(canonical), source);
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
    if (!tasksetOnPath()) {
      throw usage(source, "CPU placement needs taskset (util-linux), which is not on the PATH");
    }
    requireWithin(MACHINE_CPUS);
    return this;
  }

  /** Refuses a CPU outside {@code allowed} (a CPU list). */
  void requireWithin(String allowed) {
    SortedSet<Integer> machine = parseList(allowed);
    for (Map.Entry<String, String> e : cpus.entrySet()) {
      SortedSet<Integer> missing = new TreeSet<>(parseList(e.getValue()));
      if (machine != null) {
        missing.removeAll(machine);
      }
      if (machine != null && !missing.isEmpty()) {
        throw usage(
            source,
            "CPU "
                + format(missing)
                + " of role "
                + e.getKey()
                + " is not on this machine (its CPUs: "
                + allowed
                + ")");
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
    return List.of("taskset", "-c", list == null ? MACHINE_CPUS : list);
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
    String before = allowedCpus(pid);
    setAffinity(list, pid);
    return () -> setAffinity(before == null ? MACHINE_CPUS : before, pid);
  }

  private static void setAffinity(String list, long pid) {
    List<String> cmd = List.of("taskset", "-a", "-p", "-c", list, Long.toString(pid));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
      }
    } catch (IOException e) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", cmd) + " interrupted", e);
    }
  }

  /**
   * The CPUs process {@code pid} may run on as the kernel says ({@code Cpus_allowed_list} of {@code
   * /proc/<pid>/status}, e.g. {@code 0-1}), or null if it cannot be read.
   */
  public static String allowedCpus(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return null;
  }

  /** The CPUs of several processes' lists together (null entries skipped); null if none. */
  public static String union(Collection<String> lists) {
    SortedSet<Integer> all = new TreeSet<>();
    for (String l : lists) {
      SortedSet<Integer> set = l == null ? null : parseList(l);
      if (set != null) {
        all.addAll(set);
      }
    }
    return all.isEmpty() ? null : format(all);
  }

  /** How many CPUs a list names; 0 if null or malformed. */
  public static int count(String list) {
    SortedSet<Integer> set = list == null ? null : parseList(list);
    return set == null ? 0 : set.size();
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
    String own = allowedCpus(ProcessHandle.current().pid());
    return own != null && parseList(own) != null ? own : "0-" + (MACHINE_PROCESSORS - 1);
  }

  /** A CPU list ({@code 0-3,6}) as its CPUs, or null if it is malformed. */
  static SortedSet<Integer> parseList(String list) {
    SortedSet<Integer> out = new TreeSet<>();
    for (String part : list.split(",", -1)) {
      if (!part.matches("\\d{1,4}(-\\d{1,4})?")) {
        return null;
      }
      int dash = part.indexOf('-');
      int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
      int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
      if (from > to || to > MAX_CPU) {
        return null;
      }
      for (int c = from; c <= to; c++) {
        out.add(c);
      }
    }
    return out;
  }

  /** CPUs as a list in Linux syntax, runs as ranges: {@code 0-3,6}. */
  static String format(SortedSet<Integer> set) {
    StringBuilder s = new StringBuilder();
    Integer start = null;
    Integer prev = null;
    for (int c : set) {
      if (prev != null && c == prev + 1) {
        prev = c;
        continue;
      }
      if (start != null) {
        s.append(s.isEmpty() ? "" : ",").append(start.equals(prev) ? start : start + "-" + prev);
      }
      start = c;
      prev = c;
    }
    if (start != null) {
      s.append(s.isEmpty() ? "" : ",").append(start.equals(prev) ? start : start + "-" + prev);
    }
    return s.toString();
  }

  private static boolean tasksetOnPath() {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(entry.isEmpty() ? "." : entry, "taskset"))) {
        return true;
      }
    }
    return false;
  }
}
