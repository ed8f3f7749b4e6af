package org.streambench.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streambench.harness.report.model.ReportFixtures.point;
import static org.streambench.harness.report.model.ReportFixtures.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streambench.harness.compare.RegressionRule.Call;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** compare's regression rule and its false alarms on A/A pairs, on synthetic repetitions. */
class RegressionRuleTest {
  private static final RegressionRule RULE = RegressionRule.DEFAULT;

  @Test
  void theBarIsTheLargerOfTheFixedShareAndTwiceAsSpread() {
    assertEquals(0.05, RULE.bar(Double.NaN), "a single run: the fixed share alone");
    assertEquals(0.05, RULE.bar(0.02));
    assertEquals(0.12, RULE.bar(0.06), 1e-12);
    assertEquals(0.10, new RegressionRule(0.10).bar(0.02), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> new RegressionRule(-0.01));
  }

  @Test
  void aChangeBeyondTheBarIsARegressionOrAnImprovementByTheFiguresDirection() {
    // latency: more is worse
    assertEquals(Call.REGRESSION, RULE.apply(10, 0.02, 10.6, false).call());
    assertEquals(Call.IMPROVEMENT, RULE.apply(10, 0.02, 9.4, false).call());
    assertEquals(Call.WITHIN, RULE.apply(10, 0.02, 10.4, false).call());
    // throughput: more is better
    assertEquals(Call.REGRESSION, RULE.apply(1000, 0.02, 940, true).call());
    assertEquals(Call.IMPROVEMENT, RULE.apply(1000, 0.02, 1060, true).call());
    // A spread 10 %: the bar is 20 %, so 15 % is not flagged
    RegressionRule.Outcome noisy = RULE.apply(1000, 0.10, 850, true);
    assertEquals(Call.WITHIN, noisy.call());
    assertEquals("ok ≤ 20% (2× A's spread)", noisy.text());
    assertEquals("REGRESSION > 5.0% (A single run)", RULE.apply(10, Double.NaN, 11, false).text());
    assertEquals(Call.UNKNOWN, RULE.apply(0, 0.02, 1, false).call());
  }

  /** A suite of {@code configs} points of {@code reps} repetitions, p99 from {@code p99}. */
  private static StoredSuite suite(int configs, int reps, P99 p99) {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (int rep = 1; rep <= reps; rep++) {
      for (int c = 0; c < configs; c++) {
        String id = "e" + c + "-" + rep;
        runs.put(id, run(id, "e" + c, 1000, p99.of(c, rep)));
        points.add(point("e" + c, 1000, rep, id));
      }
    }
    SuiteRecord s = new SuiteRecord("aa", "aa", null, "2026-01-01T00:00:00Z", null, "done", "{}");
    return new StoredSuite(s, points, runs);
  }

  private interface P99 {
    double of(int configuration, int repetition);
  }

  private static AaPairs.Tally p99(AaPairs aa) {
    return aa.tallies().stream()
        .filter(t -> t.figure().startsWith("e2e p99 ("))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aaPairsAreOddAgainstEvenRepetitions() {
    // every odd repetition 10 ms, every even one 12 ms: a split by halves in time would not see it
    AaPairs aa = AaPairs.of(suite(1, 4, (c, rep) -> rep % 2 == 1 ? 10 : 12), RULE);
    Comparison.Point p = aa.comparison().points().get(0);
    assertEquals(
        List.of("e0-1", "e0-3"),
        aa.comparison().a().groups().values().iterator().next().stream()
            .map(RunResult::runId)
            .toList());
    assertEquals(1, p99(aa).pairs());
    assertEquals(1, p99(aa).flagged(), "+20 % with no spread in A: flagged");
    assertEquals(1, p99(aa).resolved());
    assertEquals(p.rows().size(), aa.total().pairs());
  }

  @Test
  void onSameDistributionRepetitionsTheRuleRarelyFiresButCatchesARealShift() {
    Random random = new Random(5);
    double[][] noise = new double[50][6];
    for (double[] row : noise) {
      for (int i = 0; i < row.length; i++) {
        row[i] = 1 + 0.05 * random.nextGaussian();
      }
    }
    AaPairs aa = AaPairs.of(suite(50, 6, (c, rep) -> 10 * noise[c][rep - 1]), RULE);
    AaPairs.Tally t = p99(aa);
    assertEquals(50, t.pairs());
    // halves of 3 runs with 5 % noise: about 4 % of pairs expected over the bar (a simulation)
    assertTrue(t.flaggedShare() <= 0.12, "false alarms: " + t);
    assertEquals(t, recount(aa.comparison()), "the tally counts the comparison's calls");

    // the same noise with every even repetition 40 % slower: caught in (almost) every pair
    AaPairs shifted =
        AaPairs.of(
            suite(50, 6, (c, rep) -> 10 * noise[c][rep - 1] * (rep % 2 == 0 ? 1.4 : 1)), RULE);
    assertTrue(p99(shifted).flaggedShare() >= 0.9, "caught: " + p99(shifted));
  }

  private static AaPairs.Tally recount(Comparison c) {
    int pairs = 0;
    int flagged = 0;
    int resolved = 0;
    for (Comparison.Point p : c.points()) {
      for (Comparison.Row r : p.rows()) {
        if (r.label().startsWith("e2e p99 (")) {
          pairs++;
          flagged += r.rule().flagged() ? 1 : 0;
          resolved += r.flagged() ? 1 : 0;
        }
      }
    }
    return new AaPairs.Tally("e2e p99 (ms)", pairs, flagged, resolved);
  }

  @Test
  void aSuiteWithoutRepetitionsHasNoPair() {
    AaPairs aa = AaPairs.of(suite(3, 1, (c, rep) -> 10), RULE);
    assertEquals(0, aa.total().pairs());
    assertFalse(aa.total().flaggedShare() >= 0, "no share without pairs");
  }
}
