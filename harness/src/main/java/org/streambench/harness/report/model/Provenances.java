package org.streambench.harness.report.model;

import java.util.Map;
import org.streambench.harness.results.RunResult;

/** Reads figures out of a run's provenance map (a tree of maps as stored in result.json). */
public final class Provenances {
  private Provenances() {}

  /** The host's cores, or 0 if not recorded. */
  public static int hostCores(RunResult r) {
    return value(r, "host", "cores") instanceof Number n ? n.intValue() : 0;
  }

  /** {@code version@commit} of the tool that made the run, or "-". */
  public static String tool(RunResult r) {
    Object version = value(r, "tool", "version");
    Object commit = value(r, "tool", "commit");
    Object dirty = value(r, "tool", "dirty");
    if (version == null) {
      return "-";
    }
    return version
        + (commit == null ? "" : "@" + commit)
        + (Boolean.TRUE.equals(dirty) ? " (dirty)" : "");
  }

  private static Object value(RunResult r, String section, String key) {
    if (r.provenance() != null && r.provenance().get(section) instanceof Map<?, ?> m) {
      return m.get(key);
    }
    return null;
  }
}
