package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.PointOutcome;

/**
 * The engines ranked against each other where a suite's configurations differ only in engine: the
 * best first, every other as a ratio of it. Searches by sustainable rate; measured runs by e2e p99,
 * and drains by input throughput (at a fixed rate, absolute or a fraction of each engine's own
 * sustainable rate, the input rate only restates the offered one). Each engine after the best says
 * whether its difference from the best is resolved ({@link Resolution}), or the smallest difference
 * the repetitions could have resolved.
 */
final class EngineRanking {
  private static final String ENGINE = "engine";

  private EngineRanking() {}

  /** What the ranking's ratios and verdicts mean, for the page. */
  static final String NOTE =
      "Each engine after the best: its median as a ratio of the best's, and whether the difference"
          + " is resolved (the two medians' confidence intervals share no value) or not, with the"
          + " smallest difference the repetitions could have resolved (the intervals' half-widths"
          + " added, as a share of the best).";

  /** The page's lines, one group of configurations after another; empty if no group has two. */
  static List<String> lines(ReportModel model) {
    List<String> lines = new ArrayList<>();
    for (var g : groups(model.searches(), ENGINE, Set.of()).entrySet()) {
      lines.add("- " + describe(g.getKey(), model.common(), "every engine") + ":");
      lines.add(
          "  - "
              + ranked(
                  g.getValue(),
                  ENGINE,
                  "sustainable rate (records/s)",
                  EngineRanking::sustainable,
                  true));
      List<String> open =
          g.getValue().stream()
              .filter(c -> c.unconvergedSearch().isPresent())
              .map(c -> c.labels().get("engine"))
              .toList();
      if (!open.isEmpty()) {
        lines.add("  - a lower bound, the search not converged: " + String.join(", ", open));
      }
    }
    for (var g : groups(model.measured(), ENGINE, Set.of()).entrySet()) {
      lines.add("- " + describe(g.getKey(), model.common(), "every engine") + ":");
      // at a fixed rate every engine that keeps up takes in that rate: only drains rank by it
      if (!g.getKey().containsKey("rate")) {
        lines.add(
            "  - "
                + ranked(
                    g.getValue(),
                    ENGINE,
                    label(Figure.THROUGHPUT_IN),
                    c -> c.spread(Figure.THROUGHPUT_IN),
                    true));
      }
      // drains have no latency: their valid runs rank by throughput alone
      boolean latency =
          g.getValue().stream().anyMatch(c -> c.spread(Figure.E2E_P99).n() > 0)
              || g.getValue().stream().allMatch(c -> c.validRuns().isEmpty());
      if (latency) {
        lines.add(
            "  - "
                + ranked(
                    g.getValue(),
                    ENGINE,
                    label(Figure.E2E_P99),
                    c -> c.spread(Figure.E2E_P99),
                    false));
      }
    }
    return lines;
  }

  /** A search configuration's sustainable rate over its repetitions. */
  static Spread sustainable(Configuration c) {
    return Spread.of(
        c.points().stream()
            .map(PointOutcome::search)
            .filter(s -> s != null)
            .map(s -> (double) s.sustainableRate())
            .toList());
  }

  /**
   * Input records/s per engine core ({@code perCore}: per core used, {@link
   * Figure#IN_PER_ENGINE_CORE}, or per core given, {@link Figure#IN_PER_GIVEN_CORE}) in the trial
   * that ran at a search's sustainable rate (NaN where that trial's run is not in the report or has
   * no CPU figure): the study's per-core unit.
   */
  static double perCoreAtSustainable(
      Configuration c, PointOutcome.SearchOutcome s, Figure perCore) {
    return s.trials().stream()
        .filter(t -> t.sustainable() && t.rate() == s.sustainableRate())
        .flatMap(t -> c.runs().stream().filter(r -> r.runId().equals(t.runId())))
        .mapToDouble(perCore::of)
        .findFirst()
        .orElse(Double.NaN);
  }

  /** {@link #perCoreAtSustainable} over a search configuration's repetitions. */
  static Spread sustainablePerCore(Configuration c, Figure perCore) {
    return Spread.of(
        c.points().stream()
            .map(PointOutcome::search)
            .filter(s -> s != null)
            .map(s -> perCoreAtSustainable(c, s, perCore))
            .toList());
  }

  /**
   * Configurations that have a value of {@code key}, by their labels without it (and without {@code
   * following}: labels whose value follows from it), where two or more share them.
   */
  static Map<Map<String, String>, List<Configuration>> groups(
      List<Configuration> cs, String key, Set<String> following) {
    Map<Map<String, String>, List<Configuration>> groups = new LinkedHashMap<>();
    for (Configuration c : cs) {
      if (!c.labels().containsKey(key)) {
        continue;
      }
      Map<String, String> rest = new LinkedHashMap<>(c.labels());
      rest.remove(key);
      rest.keySet().removeAll(following);
      groups.computeIfAbsent(rest, k -> new ArrayList<>()).add(c);
    }
    groups.values().removeIf(g -> g.size() < 2);
    return groups;
  }

  static String label(Figure f) {
    return f.label() + " (" + f.unit() + ")";
  }

  /**
   * {@code label: A 12 (best), B 10 (0.83×, resolved), ...}: each configuration named by its value
   * of {@code key}, best first, those without a value left out.
   */
  static String ranked(
      List<Configuration> configurations,
      String key,
      String label,
      Function<Configuration, Spread> figure,
      boolean higherIsBetter) {
    List<Configuration> sorted = bestFirst(configurations, figure, higherIsBetter);
    if (sorted.isEmpty()) {
      return label + ": no valid run has it";
    }
    Spread best = figure.apply(sorted.get(0));
    List<String> parts = new ArrayList<>();
    for (Configuration c : sorted) {
      Spread v = figure.apply(c);
      parts.add(
          Format.label(key, c.labels().get(key))
              + " "
              + ResultsPage.number(v.median())
              + (c == sorted.get(0)
                  ? ""
                  : String.format(
                      " (%.2f×, %s)",
                      v.median() / best.median(), Resolution.of(best, v).verdict())));
    }
    return label + ": " + String.join(", ", parts);
  }

  /**
   * What {@link #ranked} judged: each configuration after the best against the best, in its order.
   */
  static List<Resolution> verdicts(
      List<Configuration> configurations,
      Function<Configuration, Spread> figure,
      boolean higherIsBetter) {
    List<Configuration> sorted = bestFirst(configurations, figure, higherIsBetter);
    return sorted.stream()
        .skip(1)
        .map(c -> Resolution.of(figure.apply(sorted.get(0)), figure.apply(c)))
        .toList();
  }

  /** The configurations with a value, best first. */
  private static List<Configuration> bestFirst(
      List<Configuration> configurations,
      Function<Configuration, Spread> figure,
      boolean higherIsBetter) {
    List<Configuration> sorted =
        new ArrayList<>(configurations.stream().filter(c -> figure.apply(c).n() > 0).toList());
    sorted.sort(
        (a, b) ->
            Double.compare(figure.apply(a).median(), figure.apply(b).median())
                * (higherIsBetter ? -1 : 1));
    return sorted;
  }

  /** The labels that set a group apart from the rest of the page, or {@code all} if none. */
  static String describe(Map<String, String> labels, Map<String, String> common, String all) {
    List<String> parts = new ArrayList<>();
    labels.forEach(
        (k, v) -> {
          if (!v.equals(common.get(k))) {
            parts.add(k + "=" + v);
          }
        });
    return parts.isEmpty() ? all : String.join(" ", parts);
  }
}
