package org.streambench.harness.report.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Whether the difference between two configurations' medians is resolved by the noise they were
 * measured with: the one rule of {@code compare}, the suite summary, the report and the results
 * page. A and B are <b>resolved</b> when their medians' confidence intervals ({@link
 * MedianInterval}) share no value. Otherwise the difference is <b>not resolved</b>, and what is
 * said instead is the smallest difference this noise could have resolved: the two intervals'
 * half-widths added, as a share of A's median. "No difference" or "no cost" is never a finding by
 * itself, only "not resolved" with that figure beside it.
 *
 * <p>A side with a single run has no interval. {@code compare} then uses the run's own
 * second-to-second wobble ({@link #between} with {@code withinRun}): that is within-run noise, not
 * repetition noise, and the text says so: a difference beyond it is worth repeating, not resolved.
 *
 * @param kind resolved, not resolved, or why it cannot say
 * @param change (B − A) / |A|, NaN where A is zero or missing
 * @param resolvable the smallest difference the noise could resolve, as a fraction of |A|; NaN
 *     without an estimate
 * @param withinRun whether the noise is a single run's within-run noise rather than repetitions'
 */
public record Resolution(Kind kind, double change, double resolvable, boolean withinRun) {
  public enum Kind {
    RESOLVED,
    NOT_RESOLVED,
    /** A side is a single run (or has no noise estimate): no interval to judge by. */
    NO_ESTIMATE,
    /** A side has no value. */
    NO_VALUE
  }

  /** Two configurations' figures over their repetitions, judged by their medians' intervals. */
  public static Resolution of(Spread a, Spread b) {
    if (a.n() == 0 || b.n() == 0) {
      return new Resolution(Kind.NO_VALUE, Double.NaN, Double.NaN, false);
    }
    if (!a.interval().known() || !b.interval().known()) {
      return new Resolution(Kind.NO_ESTIMATE, change(a.median(), b.median()), Double.NaN, false);
    }
    return between(
        a.median(),
        a.interval().low(),
        a.interval().high(),
        b.median(),
        b.interval().low(),
        b.interval().high(),
        false);
  }

  /**
   * The rule over any two ranges around two values: resolved when the ranges share no value.
   *
   * @param withinRun whether a range is a single run's within-run noise (± SD per second)
   */
  public static Resolution between(
      double a, double aLow, double aHigh, double b, double bLow, double bHigh, boolean withinRun) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return new Resolution(Kind.NO_VALUE, Double.NaN, Double.NaN, withinRun);
    }
    double change = change(a, b);
    if (Double.isNaN(aLow) || Double.isNaN(aHigh) || Double.isNaN(bLow) || Double.isNaN(bHigh)) {
      return new Resolution(Kind.NO_ESTIMATE, change, Double.NaN, withinRun);
    }
    boolean apart = aHigh < bLow || bHigh < aLow;
    double resolvable =
        a == 0 ? Double.NaN : ((aHigh - aLow) / 2 + (bHigh - bLow) / 2) / Math.abs(a);
    return new Resolution(apart ? Kind.RESOLVED : Kind.NOT_RESOLVED, change, resolvable, withinRun);
  }

  private static double change(double a, double b) {
    return a == 0 ? Double.NaN : (b - a) / Math.abs(a);
  }

  public boolean resolved() {
    return kind == Kind.RESOLVED;
  }

  /**
   * The judgement in words: {@code resolved}, {@code not resolved (smallest resolvable 8.4%)}, a
   * single run's {@code beyond within-run noise: repeat to resolve}, ...
   */
  public String verdict() {
    return switch (kind) {
      case NO_VALUE -> "no value";
      case NO_ESTIMATE -> "not resolved: single run, no noise estimate";
      case RESOLVED -> withinRun ? "beyond within-run noise only: repeat to resolve" : "resolved";
      case NOT_RESOLVED ->
          withinRun
              ? "not resolved, within-run noise (smallest it shows " + percent(resolvable) + ")"
              : "not resolved (smallest resolvable " + percent(resolvable) + ")";
    };
  }

  /** B's change and the verdict: {@code B +3.1%, not resolved (smallest resolvable 8.4%)}. */
  public String text() {
    if (kind == Kind.NO_VALUE) {
      return "no valid run";
    }
    return "B " + signedPercent(change) + ", " + verdict();
  }

  /**
   * {@code 8.4%}, {@code 12%}, {@code 0.0040%} (two significant digits below 0.05%); "-" for NaN.
   */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "-";
    }
    double p = 100 * fraction;
    if (p >= 0.05 || p == 0) {
      return String.format(Locale.ROOT, p >= 10 ? "%.0f%%" : "%.1f%%", p);
    }
    return twoSignificant(p) + "%";
  }

  /**
   * {@code +3.1%}, {@code -12.0%}; below 0.05% two significant digits ({@code +0.0012%}), so that a
   * resolved difference is never printed as none; "-" for NaN.
   */
  static String signedPercent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "-";
    }
    double p = 100 * fraction;
    if (p == 0) {
      return "0.0%";
    }
    if (Math.abs(p) >= 0.05) {
      return String.format(Locale.ROOT, "%+.1f%%", p);
    }
    return (p > 0 ? "+" : "") + twoSignificant(p) + "%";
  }

  /** {@code 0.000083}, never an exponent ({@code %.2g} prints {@code 8.3e-05}). */
  private static String twoSignificant(double v) {
    return new BigDecimal(v).round(new MathContext(2)).toPlainString();
  }
}
