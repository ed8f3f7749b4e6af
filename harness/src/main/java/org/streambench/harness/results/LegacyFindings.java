package org.streambench.harness.results;

import java.util.List;
import java.util.Map;
import org.streambench.harness.results.Finding.Kind;
import org.streambench.harness.results.Finding.Severity;

/**
 * Results of format 1 kept their reasons and warnings as texts only. This reads them into findings
 * by the openings the judge of that format wrote (one fixed table, used for stored results only,
 * never for a run being judged), so that old suites keep their driver-bound trials, short drains
 * and runs that did not keep up; a text it does not know stays {@code unclassified}.
 */
final class LegacyFindings {
  /** Openings of format 1's texts, in the order they are tried. */
  private static final List<Map.Entry<String, Kind>> OPENINGS =
      List.of(
          Map.entry("driver-bound", Kind.DRIVER_BOUND),
          Map.entry("driver-stalled", Kind.DRIVER_STALLED),
          Map.entry("machine-bound", Kind.MACHINE_BOUND),
          Map.entry("broker-bound", Kind.RIG_BOUND),
          Map.entry("redis-bound", Kind.RIG_BOUND),
          Map.entry("harness-bound", Kind.RIG_BOUND),
          Map.entry("not keeping up", Kind.NOT_KEEPING_UP),
          Map.entry("drain too short for a steady part", Kind.DRAIN_TOO_SHORT),
          Map.entry("drain mode:", Kind.MODE_LIMIT),
          Map.entry("framework-limit run:", Kind.MODE_LIMIT),
          Map.entry("the engine's first output came after", Kind.LATE_FIRST_OUTPUT),
          Map.entry("negative latencies", Kind.NEGATIVE_LATENCY),
          Map.entry("single run:", Kind.SINGLE_RUN),
          Map.entry("generator: ", Kind.SEND_FAILED));

  private LegacyFindings() {}

  static Finding of(String text, Severity severity) {
    return new Finding(kind(text), severity, text);
  }

  private static Kind kind(String text) {
    for (Map.Entry<String, Kind> opening : OPENINGS) {
      if (text.startsWith(opening.getKey())) {
        return opening.getValue();
      }
    }
    if (text.startsWith("fault ")) {
      return text.endsWith("not recovered within the grace period")
          ? Kind.FAULT_NOT_RECOVERED
          : text.endsWith("the steady state ended before it")
              ? Kind.FAULT_RECOVERY_UNKNOWN
              : Kind.FAULT_MISSED;
    }
    if (text.matches("\\d+ lost, which .* allows")) {
      return Kind.LOST;
    }
    if (text.matches("\\d+ duplicated, which .* allows")) {
      return Kind.DUPLICATED;
    }
    return Kind.UNCLASSIFIED;
  }
}
