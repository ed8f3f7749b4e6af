package org.streambench.harness.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.StoredSuite;

/**
 * The false-alarm rate of {@code compare}'s rules on A/A pairs ({@code compare --aa SUITE}): each
 * configuration of a stored suite split into its odd and its even repetitions, two samples of the
 * same settings, then compared as {@code compare} compares two suites. Every regression or
 * improvement the {@link RegressionRule} calls between them is a false alarm, and so is every
 * difference {@link org.streambench.harness.report.model.Resolution} calls resolved. A point needs
 * two repetitions to be split; with three or fewer one half is a single run, whose noise is
 * within-run (the resolution rule) or unknown (the regression rule's fixed share alone).
 *
 * @param comparison odd repetitions (A) against even ones (B)
 * @param tallies per figure, then all figures together (labelled {@code all figures})
 */
public record AaPairs(Comparison comparison, List<Tally> tallies) {
  public static final String ALL = "all figures";

  /**
   * One figure's pairs.
   *
   * @param figure its label
   * @param pairs A/A pairs with a value on both sides
   * @param flagged pairs the regression rule called a regression or an improvement
   * @param resolved pairs whose difference the resolution rule called resolved
   */
  public record Tally(String figure, int pairs, int flagged, int resolved) {
    public double flaggedShare() {
      return pairs == 0 ? Double.NaN : (double) flagged / pairs;
    }

    public double resolvedShare() {
      return pairs == 0 ? Double.NaN : (double) resolved / pairs;
    }

    Tally plus(boolean flag, boolean resolve) {
      return new Tally(figure, pairs + 1, flagged + (flag ? 1 : 0), resolved + (resolve ? 1 : 0));
    }
  }

  public static AaPairs of(StoredSuite suite, RegressionRule rule) {
    RunSet odd = RunSet.ofSuite(suite, rep -> rep % 2 == 1, ", odd repetitions");
    RunSet even = RunSet.ofSuite(suite, rep -> rep % 2 == 0, ", even repetitions");
    return of(Comparison.of(odd, even, rule));
  }

  /** The tallies of a comparison of two samples of the same settings. */
  static AaPairs of(Comparison c) {
    Map<String, Tally> byFigure = new LinkedHashMap<>();
    Tally all = new Tally(ALL, 0, 0, 0);
    for (Comparison.Point p : c.points()) {
      for (Comparison.Row r : p.rows()) {
        if (r.a() == null || r.b() == null || r.rule().call() == RegressionRule.Call.UNKNOWN) {
          continue;
        }
        boolean flag = r.rule().flagged();
        boolean resolve = r.flagged();
        byFigure.merge(
            r.label(),
            new Tally(r.label(), 1, flag ? 1 : 0, resolve ? 1 : 0),
            (x, y) -> x.plus(flag, resolve));
        all = all.plus(flag, resolve);
      }
    }
    List<Tally> tallies = new ArrayList<>(byFigure.values());
    tallies.add(all);
    return new AaPairs(c, tallies);
  }

  /** The tally over every figure. */
  public Tally total() {
    return tallies.get(tallies.size() - 1);
  }
}
