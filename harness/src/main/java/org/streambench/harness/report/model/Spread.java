package org.streambench.harness.report.model;

import java.util.Collection;
import java.util.List;

/**
 * Median and range of one figure over the repetitions of a configuration.
 *
 * @param n how many values (NaN values are left out)
 * @param median the median (mean of the middle two for an even count)
 * @param min the smallest value
 * @param max the largest value
 */
public record Spread(int n, double median, double min, double max) {
  public static final Spread NONE = new Spread(0, Double.NaN, Double.NaN, Double.NaN);

  public static Spread of(Collection<Double> values) {
    List<Double> sorted = values.stream().filter(v -> v != null && !v.isNaN()).sorted().toList();
    int n = sorted.size();
    if (n == 0) {
      return NONE;
    }
    double median =
        n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    return new Spread(n, median, sorted.get(0), sorted.get(n - 1));
  }

  /** Whether the two ranges share a value, i.e. the difference is within their noise. */
  public boolean overlaps(Spread other) {
    return n > 0 && other.n > 0 && min <= other.max && other.min <= max;
  }
}
