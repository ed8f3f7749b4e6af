package org.streambench.api;

import java.util.Map;

/**
 * Typed access to a job's workload parameters, for engines. The harness resolves them with their
 * defaults (docs/workloads.md), so a missing one is an error, not a reason to guess.
 */
public final class WorkloadParams {
  private final String workload;
  private final Map<String, String> values;

  public WorkloadParams(JobSpec spec) {
    this.workload = spec.workload();
    this.values = spec.params();
  }

  public String string(String key) {
    String value = values.get(key);
    if (value == null) {
      throw new IllegalArgumentException(
          "workload " + workload + " needs parameter '" + key + "', which the job spec lacks");
    }
    return value;
  }

  public int integer(String key) {
    return Integer.parseInt(string(key));
  }

  public long longValue(String key) {
    return Long.parseLong(string(key));
  }

  public double decimal(String key) {
    return Double.parseDouble(string(key));
  }

  /** Whether the job generates its input itself instead of reading Kafka. */
  public boolean inJob() {
    return "in-job".equals(values.get("source"));
  }
}
