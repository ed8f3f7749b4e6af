package org.streambench.harness.compare;

import java.util.List;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.MedianInterval;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.RunResult;

/**
 * A figure of one side of a comparison and the range its noise spans. For repetitions: their
 * median, the median's confidence interval from order statistics ({@link MedianInterval}) and their
 * relative spread, the run-to-run noise the regression rule reads. For a single run: the figure ±
 * the standard deviation of its per-second values in the steady state, which is within-run noise
 * (how much a figure wobbles from second to second), not repetition noise: a single run cannot show
 * how much repetitions differ.
 *
 * @param value the median over the runs, or the single run's figure
 * @param low bottom of the range, NaN if there is no estimate
 * @param high top of the range, NaN if there is no estimate
 * @param runs how many valid runs
 * @param interval the median's confidence interval (repetitions), {@link MedianInterval#NONE} for a
 *     single run
 * @param relativeSpread (max − min) / median of the repetitions, NaN for a single run
 */
public record NoiseRange(
    double value,
    double low,
    double high,
    int runs,
    MedianInterval interval,
    double relativeSpread) {
  private static final int MIN_SECONDS = 3;

  /** The range over these valid runs, or null if there is none or none has the figure. */
  static NoiseRange of(Figure f, List<RunResult> validRuns) {
    if (validRuns.size() > 1) {
      return ofRepetitions(validRuns.stream().map(f::of).toList());
    }
    if (validRuns.isEmpty() || Double.isNaN(f.of(validRuns.get(0)))) {
      return null;
    }
    double value = f.of(validRuns.get(0));
    List<Double> seconds = PerSecond.values(f, validRuns.get(0));
    if (seconds.size() < MIN_SECONDS) {
      return single(value);
    }
    double margin = standardDeviation(seconds);
    return new NoiseRange(
        value, value - margin, value + margin, 1, MedianInterval.NONE, Double.NaN);
  }

  /** The median and its interval over repeated values (a search's rates), null without any. */
  static NoiseRange ofRepetitions(List<Double> values) {
    Spread s = Spread.of(values);
    if (s.n() == 0) {
      return null;
    }
    if (s.n() == 1) {
      return single(s.median());
    }
    return new NoiseRange(
        s.median(),
        s.interval().low(),
        s.interval().high(),
        s.n(),
        s.interval(),
        s.relativeSpread());
  }

  private static NoiseRange single(double value) {
    return new NoiseRange(value, Double.NaN, Double.NaN, 1, MedianInterval.NONE, Double.NaN);
  }

  static double standardDeviation(List<Double> values) {
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    return Math.sqrt(squares / (values.size() - 1));
  }

  public boolean known() {
    return !Double.isNaN(low);
  }

  /**
   * Whether B's difference from this side (A) is resolved: {@link Resolution}'s rule over the two
   * ranges, marked as within-run noise where a side is a single run.
   */
  public Resolution resolution(NoiseRange b) {
    return Resolution.between(value, low, high, b.value, b.low, b.high, runs < 2 || b.runs < 2);
  }

  /** How the range was found, for the reader. */
  public String basis() {
    if (runs > 1) {
      return runs + " runs, " + interval.orderStatistics() + ", " + interval.coverageText();
    }
    return known() ? "single run, within-run ±SD per second" : "single run, no noise estimate";
  }
}
