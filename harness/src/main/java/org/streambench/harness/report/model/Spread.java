package org.streambench.harness.report.model;

import java.util.Collection;
import java.util.List;
import org.streambench.harness.results.CalibrationResult;

/**
 * Median, range and the median's confidence interval of one figure over the repetitions of a
 * configuration.
 *
 * @param n how many values (NaN values are left out)
 * @param median the median (mean of the middle two for an even count)
 * @param min the smallest value
 * @param max the largest value
 * @param interval the median's confidence interval from order statistics ({@link MedianInterval})
 */
public record Spread(int n, double median, double min, double max, MedianInterval interval) {
  public static final Spread NONE =
      new Spread(0, Double.NaN, Double.NaN, Double.NaN, MedianInterval.NONE);

  public static Spread of(Collection<Double> values) {
    List<Double> sorted = values.stream().filter(v -> v != null && !v.isNaN()).sorted().toList();
    int n = sorted.size();
    if (n == 0) {
      return NONE;
    }
    double median = CalibrationResult.Spread.medianOfSorted(sorted);
    return new Spread(n, median, sorted.get(0), sorted.get(n - 1), MedianInterval.ofSorted(sorted));
  }

  /**
   * How far the repetitions spread, relative to their median: (max − min) / median; NaN with fewer
   * than two values or a median of zero. The run-to-run noise of an A/A sample.
   */
  public double relativeSpread() {
    return n < 2 || median == 0 ? Double.NaN : (max - min) / Math.abs(median);
  }
}
