package org.streambench.harness.compare;

import java.util.List;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.RunResult;

/**
 * A figure of one side of a comparison and the range its noise spans: for repetitions, their
 * minimum to maximum; for a single run, the figure ± the standard deviation of its per-second
 * values in the steady state: a change smaller than the figure's own second-to-second wobble is not
 * one. (A single run cannot show how much repetitions differ: that needs repetitions.)
 *
 * @param value the median over the runs, or the single run's figure
 * @param low bottom of the range, NaN if there is no estimate
 * @param high top of the range, NaN if there is no estimate
 * @param runs how many valid runs
 */
public record NoiseRange(double value, double low, double high, int runs) {
  private static final int MIN_SECONDS = 3;

  /** The range over these valid runs, or null if there is none or none has the figure. */
  static NoiseRange of(Figure f, List<RunResult> validRuns) {
    if (validRuns.size() > 1) {
      Spread s = Spread.of(validRuns.stream().map(f::of).toList());
      if (s.n() == 0) {
        return null;
      }
      return s.n() == 1
          ? new NoiseRange(s.median(), Double.NaN, Double.NaN, 1)
          : new NoiseRange(s.median(), s.min(), s.max(), s.n());
    }
    if (validRuns.isEmpty() || Double.isNaN(f.of(validRuns.get(0)))) {
      return null;
    }
    double value = f.of(validRuns.get(0));
    List<Double> seconds = PerSecond.values(f, validRuns.get(0));
    if (seconds.size() < MIN_SECONDS) {
      return new NoiseRange(value, Double.NaN, Double.NaN, 1);
    }
    double margin = standardDeviation(seconds);
    return new NoiseRange(value, value - margin, value + margin, 1);
  }

  static double standardDeviation(List<Double> values) {
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    return Math.sqrt(squares / (values.size() - 1));
  }

  public boolean known() {
    return !Double.isNaN(low);
  }

  /** Whether two ranges share no value: the difference is larger than the noise. */
  public boolean separatedFrom(NoiseRange other) {
    return known() && other.known() && (high < other.low || other.high < low);
  }

  /** How the range was found, for the reader. */
  public String basis() {
    if (runs > 1) {
      return runs + " runs, min–max";
    }
    return known() ? "single run, ±SD per second" : "single run, no per-second series";
  }
}
