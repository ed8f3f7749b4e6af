package org.streambench.harness.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * One role of an engine's cluster deployment, as {@code engine.properties} lists them in start
 * order under {@code cluster.roles}: a single process, or with a trailing {@code *} one process per
 * worker. A role runs the engine's main class with its JVM options unless {@code
 * cluster.role.<name>.main} and {@code cluster.role.<name>.jvm.options} say otherwise (a master or
 * a worker daemon). With {@code cluster.role.<name>.jvm.options-from=CLASS}, CLASS is run first
 * with the same arguments and prints the memory options of the process (as Flink's scripts ask
 * {@code BashJavaUtils}), added after the JVM options. Every process is started as {@code MAIN
 * SPEC_FILE NAME INSTANCE}. A role with {@code cluster.role.<name>.stops-last=true} is stopped once
 * the others have stopped: a service the others close their sessions with as they stop (Storm's
 * ZooKeeper, without which Nimbus and the supervisors waited for its timeout).
 *
 * @param name the role, e.g. {@code taskmanager}
 * @param perWorker one process per worker instead of one in all
 * @param mainClass its main class, or null for the engine's
 * @param jvmOptions its JVM options, or null for the engine's
 * @param jvmOptionsFrom the class that prints more JVM options for each process, or null
 * @param stopsLast stopped after the other roles' processes
 */
public record ClusterRole(
    String name,
    boolean perWorker,
    String mainClass,
    List<String> jvmOptions,
    String jvmOptionsFrom,
    boolean stopsLast) {
  /**
   * Parses {@code cluster.roles} and each role's {@code cluster.role.<name>.*}; empty for none. A
   * role's own JVM options are followed by {@code allOptions}, those of every engine process.
   */
  static List<ClusterRole> parse(List<String> roles, Properties p, List<String> allOptions) {
    List<ClusterRole> out = new ArrayList<>();
    for (String role : roles) {
      boolean perWorker = role.endsWith("*");
      String name = perWorker ? role.substring(0, role.length() - 1) : role;
      if (!name.matches("[a-z][a-z0-9-]*")) {
        throw new IllegalStateException("cluster role '" + role + "' is not a lower-case name");
      }
      String prefix = "cluster.role." + name + ".";
      String main = p.getProperty(prefix + "main");
      String options = p.getProperty(prefix + "jvm.options");
      String optionsFrom = p.getProperty(prefix + "jvm.options-from");
      out.add(
          new ClusterRole(
              name,
              perWorker,
              main == null ? null : main.trim(),
              options == null ? null : EngineDescriptor.concat(options, allOptions),
              optionsFrom == null ? null : optionsFrom.trim(),
              flag(p.getProperty(prefix + "stops-last", "false"), prefix + "stops-last")));
    }
    return List.copyOf(out);
  }

  private static boolean flag(String value, String key) {
    return switch (value.trim()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalStateException(key + " must be true or false, not " + value);
    };
  }
}
