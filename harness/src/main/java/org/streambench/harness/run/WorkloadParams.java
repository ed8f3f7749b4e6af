package org.streambench.harness.run;

import java.util.Map;
import java.util.TreeMap;
import org.streambench.harness.UsageException;

/**
 * The parameters each workload takes ({@code --param key=value}), with their defaults. Resolved
 * parameters are passed to the engine in the job spec and stored with the result.
 */
public final class WorkloadParams {
  private static final Map<String, Map<String, String>> DEFAULTS =
      Map.of(
          "identity",
          Map.of(
              // bytes per input record; the natural "seq,intendedMicros" is about 20
              "record.size", "0"));

  private WorkloadParams() {}

  /** The workload's defaults overridden by {@code given}; unknown names are a usage error. */
  public static Map<String, String> resolve(String workload, Map<String, String> given) {
    Map<String, String> defaults = DEFAULTS.getOrDefault(workload, Map.of());
    for (String key : given.keySet()) {
      if (!defaults.containsKey(key)) {
        throw new UsageException(
            "workload "
                + workload
                + " has no parameter '"
                + key
                + "' (it has: "
                + String.join(", ", new java.util.TreeSet<>(defaults.keySet()))
                + ")");
      }
    }
    Map<String, String> resolved = new TreeMap<>(defaults);
    resolved.putAll(given);
    for (String key : given.keySet()) {
      if (defaults.get(key).chars().allMatch(Character::isDigit)) {
        intParam(resolved, key);
      }
    }
    return resolved;
  }

  /** A non-negative integer parameter. */
  public static int intParam(Map<String, String> params, String key) {
    try {
      int v = Integer.parseInt(params.get(key));
      if (v < 0) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new UsageException(
          "parameter " + key + " must be a non-negative integer, was '" + params.get(key) + "'");
    }
  }
}
