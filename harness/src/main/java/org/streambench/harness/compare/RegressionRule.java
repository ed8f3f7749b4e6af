package org.streambench.harness.compare;

import org.streambench.harness.report.model.Resolution;

/**
 * {@code compare}'s regression rule, in the spirit of flink-benchmarks' regression check: B is a
 * regression of A (or an improvement) when |B − A| / A exceeds the larger of a fixed share ({@code
 * --threshold}, 5 % by default) and twice the relative spread of A's repetitions, (max − min) /
 * median. A's own run-to-run noise so widens the bar where A is noisy; where A is a single run
 * there is no spread to read, and only the fixed share applies (the outcome says so). Its
 * false-alarm rate on A/A pairs is what {@code compare --aa} measures ({@link AaPairs}).
 *
 * @param threshold the fixed share, a fraction (0.05 for 5 %)
 */
public record RegressionRule(double threshold) {
  public static final double DEFAULT_THRESHOLD = 0.05;

  public static final RegressionRule DEFAULT = new RegressionRule(DEFAULT_THRESHOLD);

  public RegressionRule {
    if (!(threshold >= 0) || Double.isInfinite(threshold)) {
      throw new IllegalArgumentException("threshold must be a share of 0 or more: " + threshold);
    }
  }

  public enum Call {
    REGRESSION,
    IMPROVEMENT,
    WITHIN,
    /** No value on a side, or A is zero. */
    UNKNOWN
  }

  /**
   * What the rule says of one figure.
   *
   * @param call regression, improvement, within the bar or unknown
   * @param bar the share the change had to exceed
   * @param fromSpread whether A's spread set the bar (else the fixed share did)
   * @param spreadKnown whether A had repetitions to give a spread
   */
  public record Outcome(Call call, double bar, boolean fromSpread, boolean spreadKnown) {
    public boolean flagged() {
      return call == Call.REGRESSION || call == Call.IMPROVEMENT;
    }

    /** {@code REGRESSION > 5.0%}, {@code improvement > 12%}, {@code ok ≤ 5.0% (A single run)}. */
    public String text() {
      String bound = Resolution.percent(bar);
      String basis = fromSpread ? " (2× A's spread)" : spreadKnown ? "" : " (A single run)";
      return switch (call) {
        case REGRESSION -> "REGRESSION > " + bound + basis;
        case IMPROVEMENT -> "improvement > " + bound + basis;
        case WITHIN -> "ok ≤ " + bound + basis;
        case UNKNOWN -> "-";
      };
    }
  }

  /** The bar for a change from A: the fixed share, or twice A's relative spread if larger. */
  public double bar(double relativeSpreadA) {
    return Double.isNaN(relativeSpreadA) ? threshold : Math.max(threshold, 2 * relativeSpreadA);
  }

  /**
   * @param a A's median (or single value)
   * @param relativeSpreadA (max − min) / median of A's repetitions, NaN for a single run
   * @param b B's median
   * @param higherIsBetter whether more is better for the figure (throughput) or less (latency)
   */
  public Outcome apply(double a, double relativeSpreadA, double b, boolean higherIsBetter) {
    boolean spreadKnown = !Double.isNaN(relativeSpreadA);
    double bar = bar(relativeSpreadA);
    boolean fromSpread = spreadKnown && 2 * relativeSpreadA > threshold;
    if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
      return new Outcome(Call.UNKNOWN, bar, fromSpread, spreadKnown);
    }
    double change = (b - a) / Math.abs(a);
    if (Math.abs(change) <= bar) {
      return new Outcome(Call.WITHIN, bar, fromSpread, spreadKnown);
    }
    boolean better = change > 0 == higherIsBetter;
    return new Outcome(better ? Call.IMPROVEMENT : Call.REGRESSION, bar, fromSpread, spreadKnown);
  }

  /** The rule applied to two sides of a comparison. */
  Outcome apply(NoiseRange a, NoiseRange b, boolean higherIsBetter) {
    if (a == null || b == null) {
      return new Outcome(Call.UNKNOWN, threshold, false, a != null && a.runs() > 1);
    }
    return apply(a.value(), a.relativeSpread(), b.value(), higherIsBetter);
  }
}
