package org.streambench.harness.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.streambench.harness.process.CpuList;

/**
 * The run's processes grouped by the CPUs they shared (a run without a CPU placement has one group:
 * every role on every CPU), with the cores each used in the steady state: what a late generator or
 * a saturated machine is blamed on. A group is saturated when its roles together used this share of
 * its CPUs.
 *
 * @param groups the groups, each a CPU set, its roles and their cores
 */
record CpuGroups(List<Group> groups) {
  /** The run's processes using this share of the CPUs they shared saturate them. */
  static final double SATURATED_SHARE = 0.9;

  /** The roles judged: the engine's processes, the Kafka nodes, Hadoop's daemons, the harness. */
  static final List<String> ROLES = List.of("engine", "broker", "hadoop", "harness");

  /**
   * One set of CPUs and the roles that ran on it (roles on CPUs that overlap without being the same
   * set share one group, over the union of their CPUs: the rule only needs who competed).
   *
   * @param cpus the CPUs
   * @param cores each role's cores in the steady state
   */
  record Group(SortedSet<Integer> cpus, Map<String, Double> cores) {
    double used() {
      return cores.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    boolean saturated() {
      return used() >= SATURATED_SHARE * cpus.size();
    }

    boolean has(String role) {
      return cores.containsKey(role);
    }

    String describe() {
      StringBuilder parts = new StringBuilder();
      cores.forEach((r, c) -> parts.append(String.format(Locale.ROOT, ", %s %.2f", r, c)));
      return String.format(
          Locale.ROOT,
          "%.2f of the %d cores of CPUs %s (%s)",
          used(),
          cpus.size(),
          CpuList.format(cpus),
          parts.substring(2));
    }
  }

  /**
   * @param roleCpus each role's CPU list (absent: the machine's)
   * @param machineCpus the machine's CPU list
   * @param cores each role's steady-state cores; roles without a figure are left out
   */
  static CpuGroups of(Map<String, String> roleCpus, String machineCpus, Map<String, Double> cores) {
    List<Group> groups = new ArrayList<>();
    for (String role : ROLES) {
      Double c = cores.get(role);
      if (c == null || c.isNaN()) {
        continue;
      }
      // the new role joins every group it overlaps, which then become one
      Group home =
          new Group(
              new TreeSet<>(CpuList.parse(roleCpus.getOrDefault(role, machineCpus))),
              new LinkedHashMap<>());
      for (var it = groups.iterator(); it.hasNext(); ) {
        Group g = it.next();
        if (!Collections.disjoint(g.cpus(), home.cpus())) {
          home.cpus().addAll(g.cpus());
          home.cores().putAll(g.cores());
          it.remove();
        }
      }
      home.cores().put(role, c);
      groups.add(home);
    }
    return new CpuGroups(List.copyOf(groups));
  }

  /** The group the driver (the harness) ran in, or null if its cores are unknown. */
  Group driver() {
    return groups.stream().filter(g -> g.has("harness")).findFirst().orElse(null);
  }
}
