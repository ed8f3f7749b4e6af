package org.streambench.harness.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * Where each configuration ran in its repetition's round, from its runs' stored start times, so
 * that a reader can tell a figure that moves with what ran before it (the last engine's JVM just
 * gone, the broker's load just left) from the configuration's own. Suites run their even
 * repetitions in reverse ({@code SuitePlan.turns}); those stored before that ran each in plan
 * order.
 */
final class RunOrder {
  private RunOrder() {}

  private record Place(Configuration configuration, Instant startedAt) {}

  /**
   * "name 1, 10, 1" per configuration (its place in repetition 1, 2, ...; "–" where it has no run),
   * in the configurations' order; empty for a suite of one repetition or one configuration.
   */
  static List<String> of(List<Configuration> configurations) {
    if (configurations.size() < 2) {
      return List.of();
    }
    Map<Integer, List<Place>> rounds = new TreeMap<>();
    for (Configuration c : configurations) {
      Map<String, RunResult> runs = new HashMap<>();
      c.runs().forEach(r -> runs.put(r.runId(), r));
      for (PointOutcome p : c.points()) {
        p.runIds().stream()
            .map(runs::get)
            .filter(r -> r != null && r.startedAt() != null)
            .map(r -> Instant.parse(r.startedAt()))
            .min(Comparator.naturalOrder())
            .ifPresent(
                start ->
                    rounds
                        .computeIfAbsent(p.repetition(), k -> new ArrayList<>())
                        .add(new Place(c, start)));
      }
    }
    if (rounds.size() < 2) {
      return List.of();
    }
    Map<Configuration, Map<Integer, Integer>> places = new IdentityHashMap<>();
    rounds.forEach(
        (rep, round) -> {
          round.sort(Comparator.comparing(Place::startedAt));
          for (int i = 0; i < round.size(); i++) {
            places
                .computeIfAbsent(round.get(i).configuration(), k -> new HashMap<>())
                .put(rep, i + 1);
          }
        });
    List<String> lines = new ArrayList<>();
    for (Configuration c : configurations) {
      Map<Integer, Integer> mine = places.getOrDefault(c, Map.of());
      List<String> cells = new ArrayList<>();
      rounds.keySet().forEach(rep -> cells.add(mine.containsKey(rep) ? "" + mine.get(rep) : "–"));
      lines.add(c.name() + " " + String.join(", ", cells));
    }
    return lines;
  }
}
