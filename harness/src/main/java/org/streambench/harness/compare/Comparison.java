package org.streambench.harness.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.results.RunResult;

/**
 * Two runs or sets side by side: for each point both have, each headline figure's value on either
 * side, the change, whether it is resolved at the noise of each side ({@link Resolution}: the
 * medians' confidence intervals apart) and what the regression rule ({@link RegressionRule}) says
 * of it.
 *
 * @param a the first side
 * @param b the second side
 * @param rule the regression rule applied
 * @param points the matched points, in A's order
 * @param onlyInA point keys only A has
 * @param onlyInB point keys only B has
 */
public record Comparison(
    RunSet a,
    RunSet b,
    RegressionRule rule,
    List<Point> points,
    List<String> onlyInA,
    List<String> onlyInB) {
  static final List<Figure> FIGURES =
      List.of(
          Figure.THROUGHPUT_IN,
          Figure.THROUGHPUT_OUT,
          Figure.IN_PER_ENGINE_CORE,
          Figure.E2E_P50,
          Figure.E2E_P99,
          Figure.E2E_P999,
          Figure.ENGINE_P99,
          Figure.ENGINE_CORES,
          Figure.ENGINE_PEAK_RSS,
          Figure.ENGINE_HEAP_AFTER_GC,
          Figure.STATE_ON_DISK,
          Figure.CHECKPOINT_MEDIAN,
          Figure.CHECKPOINT_SIZE,
          Figure.YSB_WINDOW_P50,
          Figure.YSB_WINDOW_P99);

  /**
   * One matched point.
   *
   * @param key its point key (or both run ids)
   * @param notValidA runs of A left out as not valid
   * @param notValidB runs of B left out as not valid
   * @param rows one per figure either side has
   */
  public record Point(String key, int notValidA, int notValidB, List<Row> rows) {}

  /**
   * One figure.
   *
   * @param label its name and unit
   * @param a A's value and noise range, null if A has no value
   * @param b B's, likewise
   * @param higherIsBetter whether more is better for it (throughput) or less (latency, CPU)
   * @param rule what the regression rule says of B against A
   */
  public record Row(
      String label,
      NoiseRange a,
      NoiseRange b,
      boolean higherIsBetter,
      RegressionRule.Outcome rule) {
    /** Whether B's difference from A is resolved: larger than the noise of both. */
    public boolean flagged() {
      return resolution().resolved();
    }

    /** {@link Resolution}'s rule over the two sides' ranges. */
    public Resolution resolution() {
      return a == null || b == null
          ? new Resolution(Resolution.Kind.NO_VALUE, Double.NaN, Double.NaN, false)
          : a.resolution(b);
    }

    public String change() {
      return a == null || b == null ? "-" : Format.percentChange(a.value(), b.value());
    }

    /** "resolved", "not resolved (smallest resolvable 8.4%)" or why it cannot say. */
    public String judgement() {
      return a == null || b == null ? "-" : resolution().verdict();
    }
  }

  public static Comparison of(RunSet a, RunSet b) {
    return of(a, b, RegressionRule.DEFAULT);
  }

  public static Comparison of(RunSet a, RunSet b, RegressionRule rule) {
    List<Point> points = new ArrayList<>();
    List<String> onlyInA = new ArrayList<>();
    List<String> onlyInB = new ArrayList<>();
    if (a.isSingleGroup() && b.isSingleGroup()) {
      String key = single(a) + " vs " + single(b);
      points.add(
          point(
              key,
              first(a.groups()),
              first(b.groups()),
              first(a.searches()),
              first(b.searches()),
              rule));
      return new Comparison(a, b, rule, points, onlyInA, onlyInB);
    }
    for (String key : keys(a)) {
      if (keys(b).contains(key)) {
        points.add(
            point(
                key,
                a.groups().get(key),
                b.groups().get(key),
                a.searches().get(key),
                b.searches().get(key),
                rule));
      } else {
        onlyInA.add(key);
      }
    }
    keys(b).stream().filter(k -> !keys(a).contains(k)).forEach(onlyInB::add);
    return new Comparison(a, b, rule, points, onlyInA, onlyInB);
  }

  private static List<String> keys(RunSet s) {
    List<String> keys = new ArrayList<>(s.groups().keySet());
    s.searches().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
    return keys;
  }

  private static String single(RunSet s) {
    return keys(s).get(0);
  }

  private static <T> T first(Map<String, T> m) {
    return m.isEmpty() ? null : m.values().iterator().next();
  }

  private static Point point(
      String key,
      List<RunResult> a,
      List<RunResult> b,
      List<Double> searchA,
      List<Double> searchB,
      RegressionRule rule) {
    List<RunResult> validA = valid(a);
    List<RunResult> validB = valid(b);
    List<Row> rows = new ArrayList<>();
    if (searchA != null || searchB != null) {
      NoiseRange ra = ofRates(searchA);
      NoiseRange rb = ofRates(searchB);
      rows.add(new Row("sustainable rate (rec/s)", ra, rb, true, rule.apply(ra, rb, true)));
    }
    for (Figure f : FIGURES) {
      NoiseRange ra = NoiseRange.of(f, validA);
      NoiseRange rb = NoiseRange.of(f, validB);
      if (ra != null || rb != null) {
        rows.add(
            new Row(
                f.label() + " (" + f.unit() + ")",
                ra,
                rb,
                f.higherIsBetter(),
                rule.apply(ra, rb, f.higherIsBetter())));
      }
    }
    return new Point(key, size(a) - validA.size(), size(b) - validB.size(), rows);
  }

  private static NoiseRange ofRates(List<Double> rates) {
    return rates == null ? null : NoiseRange.ofRepetitions(rates);
  }

  private static List<RunResult> valid(List<RunResult> runs) {
    return runs == null ? List.of() : runs.stream().filter(Configuration::isValid).toList();
  }

  private static int size(List<RunResult> runs) {
    return runs == null ? 0 : runs.size();
  }
}
