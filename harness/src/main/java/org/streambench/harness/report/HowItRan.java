package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The "How it ran" section of a suite's results page ({@link ResultsPage}): the command that runs
 * the suite again, the parameters every run shared, the suite's id, status, duration and runs not
 * valid, the tool's version, the machine and each engine's version, all as stored.
 */
final class HowItRan {
  private HowItRan() {}

  /**
   * The section's markdown lines, the blank line that closes it included.
   *
   * @param regenerate the command that runs the suite as stored again, null if the suite file no
   *     longer says what the stored suite ran
   */
  static List<String> lines(SuiteRecord suite, List<RunResult> runs, String regenerate) {
    List<String> lines = new ArrayList<>();
    RunResult first = runs.isEmpty() ? null : runs.get(0);
    lines.add("## How it ran");
    lines.add("");
    lines.add(
        regenerate == null
            ? "- The suite file has changed since this run: its comment above may not describe it"
            : "- Regenerate: `" + regenerate + "`");
    lines.add("- Parameters: " + parameters(SuiteSpec.fromJson(suite.specJson())));
    lines.add(
        String.format(
            "- Suite `%s`, %s, %s%s",
            suite.suiteId(), suite.status(), SuiteDuration.of(suite, runs), invalid(runs)));
    if (first != null) {
      lines.add("- streambench " + Provenances.tool(first));
      lines.add("- Machine: " + Provenances.host(first));
    }
    Map<String, String> engines = new LinkedHashMap<>();
    runs.forEach(r -> engines.putIfAbsent(r.engine(), Provenances.engineVersion(r)));
    engines.forEach((e, v) -> lines.add("- " + e + ": " + v));
    lines.add("");
    return lines;
  }

  /** What every run of the suite shared, as stored with it. */
  static String parameters(SuiteSpec spec) {
    List<String> parts = new ArrayList<>();
    parts.add(spec.repetitions() + (spec.repetitions() == 1 ? " repetition" : " repetitions"));
    if (spec.warmupRounds() > 0) {
      parts.add(
          String.format(
              "after %d warm-up round%s of every point at a rate of its own (stored as runs, in no"
                  + " figure)",
              spec.warmupRounds(), spec.warmupRounds() == 1 ? "" : "s"));
    }
    if ("drain".equals(spec.mode()) || "in-job".equals(spec.mode())) {
      parts.add("records " + spec.records());
      if (spec.drainSeconds() > 0) {
        parts.add("drains resized to a steady part of " + spec.drainSeconds() + " s");
      }
    } else {
      parts.add("warm-up " + spec.warmup() + ", steady state " + spec.duration());
    }
    if (spec.latencyObjective() != null) {
      parts.add("objective " + spec.latencyObjective());
    }
    boolean searched =
        "sustainable".equals(spec.mode()) || spec.rates().stream().anyMatch(r -> r.endsWith("%"));
    if (searched) {
      SuiteSpec.SearchBounds b = spec.search();
      parts.add(
          String.format(
              "search from %,d records/s (%,d to %,d) to within %.0f %%, at most %d trials",
              b.start(), b.min(), b.max(), b.tolerance() * 100, b.maxTrials()));
    }
    parts.add("max generator lag " + spec.maxGeneratorLag());
    if (spec.rigWarmup() != null) {
      parts.add("rig warm-up " + spec.rigWarmup());
    }
    parts.add(
        spec.cpus() == null || spec.cpus().isBlank()
            ? "no CPU placement (every process may run on every CPU)"
            : "CPU placement " + spec.cpus() + " (taskset; other roles on every CPU)");
    return String.join("; ", parts);
  }

  /** ", all valid", or how many runs were not valid. */
  static String invalid(List<RunResult> runs) {
    long bad = runs.stream().filter(r -> !r.completedValid()).count();
    return bad == 0
        ? ", all valid"
        : String.format(" (%d not valid, left out of every figure)", bad);
  }
}
