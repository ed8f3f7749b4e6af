package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * Whether a suite's rounds differ: each valid run's figure as a share of its configuration's
 * median, grouped by the repetition it ran in. A repetition is a round in which every configuration
 * runs once, so a round below the others is a stretch of time (the machine, something just
 * started), not a configuration: it lowers each configuration once, which widens the noise without
 * favouring one of them.
 */
public final class RoundEffect {
  /** Fewer configurations with two or more rounds than this say nothing. */
  static final int MIN_CONFIGURATIONS = 2;

  private RoundEffect() {}

  /** One run's figure and the repetition it ran in. */
  record Run(int round, double value) {}

  /**
   * One round over the configurations.
   *
   * @param share the median over its runs of each one's share of its configuration's median
   * @param worst in how many configurations this round's run was the worst of their runs
   * @param configurations how many configurations it has a run of
   */
  record Round(double share, int worst, int configurations) {}

  /** The page's line, empty where fewer than two configurations ran in two or more rounds. */
  public static Optional<String> line(List<Configuration> measured) {
    Figure f = MachineDrift.pooled(measured);
    List<List<Run>> groups = new ArrayList<>();
    for (Configuration c : measured) {
      Map<String, Integer> roundOf = new HashMap<>();
      for (PointOutcome p : c.points()) {
        p.runIds().forEach(id -> roundOf.put(id, p.repetition()));
      }
      List<Run> runs = new ArrayList<>();
      for (RunResult r : c.validRuns()) {
        double v = f.of(r);
        Integer round = roundOf.get(r.runId());
        if (round != null && !f.isOffered(r) && Double.isFinite(v) && v > 0) {
          runs.add(new Run(round, v));
        }
      }
      groups.add(runs);
    }
    SortedMap<Integer, Round> rounds = rounds(groups, f.higherIsBetter());
    long counted = groups.stream().filter(RoundEffect::spansRounds).count();
    if (rounds.size() < 2 || counted < MIN_CONFIGURATIONS) {
      return Optional.empty();
    }
    List<String> cells = new ArrayList<>();
    rounds.forEach(
        (n, r) ->
            cells.add(
                String.format(
                    "repetition %d %.2f (the %s in %d of %d)",
                    n,
                    r.share(),
                    f.higherIsBetter() ? "lowest" : "highest",
                    r.worst(),
                    r.configurations())));
    return Optional.of(
        String.format(
            "%s (%s) by repetition, each run's as a share of its configuration's median, the"
                + " median over its configurations, and in how many it was the configuration's"
                + " worst run: %s.",
            f.label(), f.unit(), String.join("; ", cells)));
  }

  /**
   * Each round's median share and worst count over the groups (one per configuration) that ran in
   * two or more rounds; a group's shares are relative to its own median, so that configurations of
   * different speeds pool.
   */
  static SortedMap<Integer, Round> rounds(List<List<Run>> groups, boolean higherIsBetter) {
    Map<Integer, List<Double>> shares = new TreeMap<>();
    Map<Integer, Integer> worst = new HashMap<>();
    for (List<Run> g : groups) {
      if (!spansRounds(g)) {
        continue;
      }
      double median = Spread.of(g.stream().map(Run::value).toList()).median();
      Run worstRun = g.get(0);
      for (Run r : g) {
        shares.computeIfAbsent(r.round(), k -> new ArrayList<>()).add(r.value() / median);
        if (higherIsBetter ? r.value() < worstRun.value() : r.value() > worstRun.value()) {
          worstRun = r;
        }
      }
      worst.merge(worstRun.round(), 1, Integer::sum);
    }
    SortedMap<Integer, Round> rounds = new TreeMap<>();
    shares.forEach(
        (round, s) ->
            rounds.put(
                round, new Round(Spread.of(s).median(), worst.getOrDefault(round, 0), s.size())));
    return rounds;
  }

  private static boolean spansRounds(List<Run> g) {
    return g.stream().map(Run::round).distinct().count() >= 2;
  }
}
