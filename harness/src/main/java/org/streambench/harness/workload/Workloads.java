package org.streambench.harness.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.harness.UsageException;
import org.streambench.verifier.workload.IdentityCheck;

/** The catalogue: every workload the harness can generate and verify. */
public final class Workloads {
  private static final Map<String, Workload> ALL = new LinkedHashMap<>();

  static {
    for (Workload w :
        List.of(
            new IdentityWorkload(),
            new SleepWorkload(),
            new GrepWorkload(),
            new GroupingWorkload(),
            new StateMachineWorkload(),
            new WordCountWorkload(),
            new YsbWorkload(),
            new JoinWorkload(),
            new UriCountWorkload())) {
      ALL.put(w.name(), w);
    }
    for (NexmarkQuery q : NexmarkQuery.values()) {
      ALL.put(q.workload(), new NexmarkWorkload(q));
    }
  }

  private Workloads() {}

  /** An identity run of {@code recordSize}-byte records (calibration, at-least-once). */
  public static WorkloadRun identity(int recordSize) {
    return new WorkloadRun(
        new IdentityCheck(recordSize, org.streambench.api.Guarantee.AT_LEAST_ONCE));
  }

  public static Map<String, Workload> all() {
    return ALL;
  }

  public static Workload get(String name) {
    Workload w = ALL.get(name);
    if (w == null) {
      throw new UsageException(
          "unknown workload '" + name + "' (available: " + String.join(", ", ALL.keySet()) + ")");
    }
    return w;
  }
}
