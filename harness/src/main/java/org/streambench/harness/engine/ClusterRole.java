package org.streambench.harness.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One role of an engine's cluster deployment, as {@code engine.properties} lists them in start
 * order under {@code cluster.roles}: a single process, or with a trailing {@code *} one process per
 * worker. Each process runs the engine's main class on the run's spec; a per-worker process is told
 * which instance (1-based) it is.
 *
 * @param name the role, e.g. {@code instance}
 * @param perWorker one process per worker instead of one in all
 */
public record ClusterRole(String name, boolean perWorker) {

  /** Parses {@code cluster.roles}, e.g. {@code instance*}; empty for none. */
  static List<ClusterRole> parse(List<String> roles) {
    List<ClusterRole> out = new ArrayList<>();
    for (String role : roles) {
      boolean perWorker = role.endsWith("*");
      String name = perWorker ? role.substring(0, role.length() - 1) : role;
      if (!name.matches("[a-z][a-z0-9-]*")) {
        throw new IllegalStateException("cluster role '" + role + "' is not a lower-case name");
      }
      out.add(new ClusterRole(name, perWorker));
    }
    return List.copyOf(out);
  }
}
