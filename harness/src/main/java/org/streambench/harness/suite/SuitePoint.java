package org.streambench.harness.suite;

import java.util.Map;
import java.util.stream.Collectors;
import org.streambench.harness.run.RunRequest;

/**
 * One combination of a suite's swept values.
 *
 * @param key stable identity of the combination, {@code dimension=value} joined by commas
 * @param labels the values by dimension, in sweep order
 * @param request the run it makes (for a search, or a rate relative to one, at the search's start)
 * @param search whether it is a sustainable-throughput search rather than one run
 * @param relativeTo the key of the search point whose sustainable rate this point's rate is a
 *     fraction of ({@link #rate}), null for an absolute rate or a search
 * @param rate the point's rate as the suite gives it, null for a search
 */
public record SuitePoint(
    String key,
    Map<String, String> labels,
    RunRequest request,
    boolean search,
    String relativeTo,
    SuiteRate rate) {

  static String keyOf(Map<String, String> labels) {
    return labels.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  /** The embedded Kafka brokers the point runs on; 0 = as the command line says. */
  public int brokers() {
    return Integer.parseInt(labels.getOrDefault("brokers", "0"));
  }

  /** A short description for progress lines: the labels without the suite-wide constants. */
  String describe(Map<String, String> constant) {
    return labels.entrySet().stream()
        .filter(e -> !e.getValue().equals(constant.get(e.getKey())))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }
}
