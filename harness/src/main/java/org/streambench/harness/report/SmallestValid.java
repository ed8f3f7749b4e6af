package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.LatencyObjective;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The headline figure {@code smallest-valid}: across a dimension of sizes or numbers (an engine's
 * heap, a parallelism), the smallest value from which each value's every run was valid, kept up
 * with its rate and met the suite's latency objective, which answers "the smallest heap at which
 * each state backend keeps up". Each value below it is named with how its runs were judged.
 */
final class SmallestValid {
  static final String ID = "smallest-valid";

  /** A size or a number: {@code 48m}, {@code 1g}, {@code 512MB}, {@code 4}. */
  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

  /** How much of a reason a note quotes. */
  private static final int MAX_REASON = 120;

  private SmallestValid() {}

  static HeadlineSection.Section section(ReportModel model, String across, Set<String> following) {
    LatencyObjective objective = SuiteSpec.fromJson(model.suite().specJson()).objective();
    String label = "smallest value with every run valid";
    List<HeadlineSection.Group> out = new ArrayList<>();
    for (var g : EngineRanking.groups(model.measured(), across, following).entrySet()) {
      List<String> notes = new ArrayList<>();
      String answer =
          orderable(g.getValue(), across)
              ? answer(ascending(g.getValue(), across), across, objective, notes)
              : "no smallest: its values of " + across + " are not all sizes or numbers";
      out.add(
          new HeadlineSection.Group(
              EngineRanking.describe(g.getKey(), model.common(), "every configuration")
                  + ": "
                  + answer,
              notes,
              List.of(),
              0));
    }
    return new HeadlineSection.Section(label + " across " + across, out, across, null);
  }

  /**
   * "every run valid from heap=48m up", with a note for each smaller value; or that no value had
   * every run valid up to the largest.
   */
  static String answer(
      List<Configuration> ascending,
      String across,
      LatencyObjective objective,
      List<String> notes) {
    int from = ascending.size();
    while (from > 0 && allKeptUp(Verdicts.of(ascending.get(from - 1), objective))) {
      from--;
    }
    for (int i = from - 1; i >= 0; i--) {
      Configuration c = ascending.get(i);
      String why = reasons(c);
      notes.add(
          name(c, across)
              + ": "
              + Verdicts.of(c, objective).text()
              + (why.isEmpty() ? "" : " (" + why + ")"));
    }
    if (from == ascending.size()) {
      return "no value with every run valid up to the largest, "
          + name(ascending.get(from - 1), across);
    }
    return "every run valid from " + name(ascending.get(from), across) + " up";
  }

  /**
   * Why its runs were not valid: each distinct first reason with how many runs gave it, cut at its
   * first sentence and at the thread a JVM names ("java.lang.OutOfMemoryError: Java heap space").
   */
  static String reasons(Configuration c) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (RunResult r : c.runs()) {
      if (Configuration.isValid(r)) {
        continue;
      }
      if (!r.reasons().isEmpty()) {
        counts.merge(shortened(r.reasons().get(0)), 1, Integer::sum);
      } else if (r.failure() != null) {
        counts.merge(shortened(r.failure().reason()), 1, Integer::sum);
      }
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((reason, n) -> parts.add(n + "× " + reason));
    return String.join("; ", parts);
  }

  private static String shortened(String reason) {
    String s = reason;
    for (String end : List.of(". ", " [in thread ")) {
      int at = s.indexOf(end);
      s = at < 0 ? s : s.substring(0, at);
    }
    return s.length() <= MAX_REASON ? s : s.substring(0, MAX_REASON - 1) + "…";
  }

  private static boolean allKeptUp(Verdicts v) {
    return v.valid() > 0 && v.unsound() == 0 && v.behind() == 0 && v.overObjective() == 0;
  }

  /** The group's configurations by their value of {@code across}, smallest first. */
  static List<Configuration> ascending(List<Configuration> group, String across) {
    List<Configuration> sorted = new ArrayList<>(group);
    sorted.sort(Comparator.comparingDouble(c -> size(c.labels().get(across)).orElseThrow()));
    return sorted;
  }

  private static boolean orderable(List<Configuration> group, String across) {
    return group.stream().allMatch(c -> size(c.labels().get(across)).isPresent());
  }

  /** {@code 48m} as 48 × 2^20, {@code 4} as 4; empty where it is neither. */
  static Optional<Double> size(String value) {
    Matcher m = value == null ? null : SIZE.matcher(value.trim());
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    String unit = m.group(2).toLowerCase();
    int power = unit.isEmpty() ? 0 : "kmgt".indexOf(unit) + 1;
    return Optional.of(Double.parseDouble(m.group(1)) * Math.pow(1024, power));
  }

  private static String name(Configuration c, String across) {
    return Format.label(across, c.labels().get(across));
  }
}
