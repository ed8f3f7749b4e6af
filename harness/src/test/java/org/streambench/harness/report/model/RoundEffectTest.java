package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.streambench.harness.report.model.ReportFixtures.point;
import static org.streambench.harness.report.model.ReportFixtures.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.RoundEffect.Round;
import org.streambench.harness.report.model.RoundEffect.Run;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** A round of repetitions that ran below the others, pooled over configurations of any speed. */
class RoundEffectTest {
  @Test
  void aSlowFirstRoundShowsInEveryConfigurationWhateverItsSpeed() {
    List<Run> fast = List.of(new Run(1, 800), new Run(2, 1000), new Run(3, 1100));
    List<Run> slow = List.of(new Run(1, 7), new Run(2, 10), new Run(3, 9));
    SortedMap<Integer, Round> rounds = RoundEffect.rounds(List.of(fast, slow), true);
    assertEquals(List.of(1, 2, 3), List.copyOf(rounds.keySet()));
    assertEquals((0.8 + 0.7 / 0.9) / 2, rounds.get(1).share(), 1e-9);
    assertEquals(2, rounds.get(1).worst());
    assertEquals(0, rounds.get(2).worst());
    assertEquals(2, rounds.get(3).configurations());
  }

  @Test
  void forLatencyTheWorstRunIsTheHighestAndOneRoundAloneIsLeftOut() {
    List<Run> latency = List.of(new Run(1, 10), new Run(2, 30));
    List<Run> single = List.of(new Run(1, 99));
    SortedMap<Integer, Round> rounds = RoundEffect.rounds(List.of(latency, single), false);
    assertEquals(0, rounds.get(1).worst());
    assertEquals(1, rounds.get(2).worst());
    assertEquals(1, rounds.get(1).configurations(), "the single run is no sample");
  }

  @Test
  void thePageLineNamesEachRepetitionFromTheSuitesPoints() {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    double[][] p99s = {{13, 10, 10}, {26, 20, 21}};
    for (int e = 0; e < 2; e++) {
      for (int rep = 1; rep <= 3; rep++) {
        String engine = "e" + e;
        String id = engine + "-" + rep;
        points.add(point(engine, 1000, rep, id));
        runs.put(id, run(id, engine, 1000, p99s[e][rep - 1]));
      }
    }
    assertEquals(
        Optional.of(
            "e2e p99 (ms) by repetition, each run's as a share of its configuration's median, the"
                + " median over its configurations, and in how many it was the configuration's"
                + " worst run: repetition 1 1.27 (the highest in 2 of 2); repetition 2 0.98 (the"
                + " highest in 0 of 2); repetition 3 1.00 (the highest in 0 of 2)."),
        RoundEffect.line(measured(points, runs)));
    assertEquals(Optional.empty(), RoundEffect.line(measured(points.subList(0, 3), runs)));
  }

  private static List<Configuration> measured(
      List<PointOutcome> points, Map<String, RunResult> runs) {
    SuiteRecord suite =
        new SuiteRecord("s1", "demo", null, null, null, "completed", "{\"repetitions\": 3}");
    return ReportModel.ofSuite(new StoredSuite(suite, points, runs)).measured();
  }
}
