package org.streambench.harness.report.model;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A distribution-free confidence interval for the median of n repetitions, from their order
 * statistics: with the values sorted, x(k) to x(n+1−k) covers the true median with probability 1 −
 * 2·P(B ≤ k−1), B ~ Binomial(n, ½) (each value falls below the median with probability ½, whatever
 * the distribution, so long as ties have none). The largest k whose coverage is at least 95 % is
 * taken; with fewer than 6 values not even k = 1 reaches it, and the interval is the minimum to the
 * maximum with coverage 1 − 2^(1−n): 50 % for 2 runs, 75 % for 3, 87.5 % for 4, 93.75 % for 5. One
 * value has no interval (coverage 0).
 *
 * <pre>{@code
 * MedianInterval ci = Spread.of(values).interval();
 * ci.low(); ci.high(); ci.coverage(); // x(k), x(n+1-k), its actual coverage
 * }</pre>
 *
 * @param n how many values
 * @param rank k: {@code low} is the k-th smallest value, {@code high} the k-th largest
 * @param low the interval's bottom, NaN without values
 * @param high its top
 * @param coverage the probability that such an interval covers the true median (0 to 1)
 */
public record MedianInterval(int n, int rank, double low, double high, double coverage) {
  /** The coverage sought. */
  public static final double TARGET = 0.95;

  public static final MedianInterval NONE =
      new MedianInterval(0, 0, Double.NaN, Double.NaN, Double.NaN);

  /** The interval over values sorted in ascending order, without NaN. */
  static MedianInterval ofSorted(List<Double> sorted) {
    int n = sorted.size();
    if (n == 0) {
      return NONE;
    }
    int k = rank(n);
    return new MedianInterval(n, k, sorted.get(k - 1), sorted.get(n - k), coverage(n, k));
  }

  /** The largest k (at least 1) whose interval x(k)–x(n+1−k) covers the median with ≥ 95 %. */
  public static int rank(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("no interval of " + n + " values");
    }
    int k = 1;
    while (2 * (k + 1) <= n + 1 && coverage(n, k + 1) >= TARGET) {
      k++;
    }
    return k;
  }

  /** P(x(k) ≤ median ≤ x(n+1−k)) = 1 − 2·P(B ≤ k−1) for B ~ Binomial(n, ½). */
  public static double coverage(int n, int k) {
    if (n < 1 || k < 1 || 2 * k > n + 1) {
      throw new IllegalArgumentException("no order statistic pair k=" + k + " of " + n);
    }
    double logHalfToN = n * Math.log(0.5);
    double logChoose = 0; // log C(n, i), from i = 0
    double tail = 0;
    for (int i = 0; i < k; i++) {
      if (i > 0) {
        logChoose += Math.log(n - i + 1) - Math.log(i);
      }
      tail += Math.exp(logChoose + logHalfToN);
    }
    return Math.max(0, 1 - 2 * tail);
  }

  /** Whether there is an interval at all: two values or more. */
  public boolean known() {
    return n >= 2;
  }

  /** Half its width. */
  public double halfWidth() {
    return (high - low) / 2;
  }

  /** Whether it is the minimum to the maximum (k = 1). */
  public boolean isMinToMax() {
    return rank == 1;
  }

  /** Its coverage in percent, as printed: {@code 75%}, {@code 93.8%}, {@code 96.1%}. */
  public String coverageText() {
    return percent(coverage);
  }

  /** Which order statistics it spans, for the reader: {@code min–max}, {@code 2nd–9th of 10}. */
  public String orderStatistics() {
    return isMinToMax() ? "min–max" : ordinal(rank) + "–" + ordinal(n + 1 - rank) + " of " + n;
  }

  /**
   * The intervals of these spreads explained, one entry per count of runs among them: {@code
   * [low–high]: ...: 3 runs: min–max, 75%; 10 runs: 2nd–9th of 10, 97.9%.}
   */
  public static String note(Collection<Spread> spreads) {
    Map<Integer, MedianInterval> byN = new TreeMap<>();
    spreads.stream()
        .filter(s -> s.interval().known())
        .forEach(s -> byN.putIfAbsent(s.n(), s.interval()));
    StringBuilder b =
        new StringBuilder(
            "[low–high]: the median's confidence interval from order statistics (docs/reports.md),"
                + " with the share of such intervals that cover the true median");
    String sep = ": ";
    for (MedianInterval i : byN.values()) {
      b.append(sep)
          .append(i.n())
          .append(" runs: ")
          .append(i.orderStatistics())
          .append(", ")
          .append(i.coverageText());
      sep = "; ";
    }
    return b.append(byN.isEmpty() ? " (no configuration has two valid runs)." : ".").toString();
  }

  static String percent(double fraction) {
    String s = String.format(Locale.ROOT, "%.1f", 100 * fraction);
    return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
  }

  private static String ordinal(int i) {
    String suffix =
        i % 100 / 10 == 1
            ? "th"
            : i % 10 == 1 ? "st" : i % 10 == 2 ? "nd" : i % 10 == 3 ? "rd" : "th";
    return i + suffix;
  }
}
