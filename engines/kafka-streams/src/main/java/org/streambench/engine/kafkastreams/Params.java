package org.streambench.engine.kafkastreams;

import java.util.Map;
import org.streambench.api.JobSpec;

/**
 * Typed access to a job's workload parameters. The harness resolves them with their defaults
 * (docs/workloads.md), so a missing one is an error, not a reason to guess.
 */
final class Params {
  private final String workload;
  private final Map<String, String> values;

  Params(JobSpec spec) {
    this.workload = spec.workload();
    this.values = spec.params();
  }

  String string(String key) {
    String value = values.get(key);
    if (value == null) {
      throw new IllegalArgumentException(
          "workload " + workload + " needs parameter '" + key + "', which the job spec lacks");
    }
    return value;
  }

  int integer(String key) {
    return Integer.parseInt(string(key));
  }

  long longValue(String key) {
    return Long.parseLong(string(key));
  }

  double decimal(String key) {
    return Double.parseDouble(string(key));
  }

  /** Whether the job generates its input itself instead of reading Kafka. */
  boolean inJob() {
    return "in-job".equals(values.get("source"));
  }
}
