package org.streambench.harness.workload;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.streambench.harness.UsageException;

/** A workload's resolved parameters: its defaults overridden by {@code --param}, typed reads. */
public final class Params {
  private final String workload;
  private final Map<String, String> values;

  private Params(String workload, Map<String, String> values) {
    this.workload = workload;
    this.values = values;
  }

  /** Resolves {@code given} against the workload's defaults; unknown names are usage errors. */
  public static Params resolve(Workload w, Map<String, String> given) {
    Map<String, String> defaults = w.defaults();
    for (String key : given.keySet()) {
      if (!defaults.containsKey(key)) {
        throw new UsageException(
            "workload "
                + w.name()
                + " has no parameter '"
                + key
                + "'"
                + (defaults.isEmpty()
                    ? " (it has none)"
                    : " (it has: " + String.join(", ", new TreeSet<>(defaults.keySet())) + ")"));
      }
    }
    Map<String, String> resolved = new TreeMap<>(defaults);
    resolved.putAll(given);
    Params p = new Params(w.name(), resolved);
    // whole-number defaults take whole numbers; decimals are checked by the workload's validate
    for (Map.Entry<String, String> d : defaults.entrySet()) {
      if (d.getValue().matches("\\d+")) {
        p.nonNegativeInt(d.getKey());
      }
    }
    w.validate(p);
    return p;
  }

  /** For tests and callers that build parameters directly. */
  public static Params of(Workload w, Map<String, String> given) {
    return resolve(w, given);
  }

  public Map<String, String> asMap() {
    return values;
  }

  public String text(String key) {
    return values.get(key);
  }

  public int nonNegativeInt(String key) {
    return parsed(key, Integer::parseInt, v -> v >= 0, "a non-negative integer");
  }

  public int positiveInt(String key) {
    int v = nonNegativeInt(key);
    if (v == 0) {
      throw new UsageException(workload + " parameter " + key + " must be positive");
    }
    return v;
  }

  /** A number in {@code [0, 1]}. */
  public double fraction(String key) {
    return parsed(key, Double::parseDouble, v -> v >= 0 && v <= 1, "a number in [0, 1]");
  }

  public double positiveDouble(String key) {
    return parsed(key, Double::parseDouble, v -> v > 0, "a positive number");
  }

  /** The parameter parsed and accepted by {@code ok}, else a usage error naming {@code what}. */
  private <T> T parsed(
      String key,
      java.util.function.Function<String, T> parse,
      java.util.function.Predicate<T> ok,
      String what) {
    try {
      T v = parse.apply(values.get(key));
      if (ok.test(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(
        workload + " parameter " + key + " must be " + what + ", was '" + values.get(key) + "'");
  }

  /** One of {@code allowed}. */
  public String choice(String key, String... allowed) {
    String v = values.get(key);
    for (String a : allowed) {
      if (a.equals(v)) {
        return v;
      }
    }
    throw new UsageException(
        workload
            + " parameter "
            + key
            + " must be one of "
            + String.join(", ", allowed)
            + ", was '"
            + v
            + "'");
  }
}
