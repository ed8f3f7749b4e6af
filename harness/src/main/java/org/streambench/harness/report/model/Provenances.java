package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.harness.engine.EngineDescriptor;
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

  /** Whether the run's provenance says it ran from a tree with uncommitted changes. */
  public static boolean dirty(RunResult r) {
    return Boolean.TRUE.equals(value(r, "tool", "dirty"));
  }

  /** The machine, its Java and Kafka, in one line, as far as recorded; "-" if nothing is. */
  public static String host(RunResult r) {
    List<String> parts = new ArrayList<>();
    if (value(r, "host", "cores") instanceof Number cores) {
      parts.add(cores + " cores");
    }
    if (value(r, "host", "memoryBytes") instanceof Number memory) {
      parts.add(String.format("%.1f GiB", memory.doubleValue() / (1L << 30)));
    }
    for (Object o :
        new Object[] {
          value(r, "host", "cpuModel"),
          value(r, "host", "os"),
          value(r, "harnessJvm", "java") == null ? null : "Java " + value(r, "harnessJvm", "java"),
          r.provenance() == null ? null : r.provenance().get("kafka")
        }) {
      if (o != null) {
        parts.add(o.toString());
      }
    }
    return parts.isEmpty() ? "-" : String.join(", ", parts);
  }

  /**
   * The release the engine ran on, as its jar reported it ({@code 1.20.3} for {@code flink@1.20}),
   * or "-" where it reported none (the baseline: its Kafka clients are among {@link
   * #engineVersion}).
   */
  public static String engineRelease(RunResult r) {
    Object v = value(r, "engine", "version." + EngineDescriptor.familyOf(r.engine()));
    return v == null ? "-" : v.toString();
  }

  /** The versions the engine reported ({@code version.*}), e.g. "flink 2.3.0, ...", or "-". */
  public static String engineVersion(RunResult r) {
    if (r.provenance() == null || !(r.provenance().get("engine") instanceof Map<?, ?> m)) {
      return "-";
    }
    StringBuilder s = new StringBuilder();
    m.forEach(
        (k, v) -> {
          if (k.toString().startsWith("version.")) {
            s.append(s.length() == 0 ? "" : ", ")
                .append(k.toString().substring("version.".length()))
                .append(' ')
                .append(v);
          }
        });
    return s.length() == 0 ? "-" : s.toString();
  }

  private static Object value(RunResult r, String section, String key) {
    if (r.provenance() != null && r.provenance().get(section) instanceof Map<?, ?> m) {
      return m.get(key);
    }
    return null;
  }
}
