package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A suite's run-to-run noise in one figure. Every configuration with two or more valid repetitions
 * is an A/A sample, the same settings run again; its relative spread is (max − min) / median
 * ({@link Spread#relativeSpread}). The suite's noise is the median of those over its
 * configurations, and the largest with the configuration it came from: how far a figure moves when
 * nothing but the run changes, the yardstick for every difference the suite reports.
 *
 * @param figure the figure's name and unit
 * @param samples configurations with two or more valid repetitions
 * @param median the median relative spread over them
 * @param largest the largest relative spread
 * @param largestIn the configuration it is from
 */
public record RunToRunNoise(
    String figure, int samples, double median, double largest, String largestIn) {
  /** What a suite without any repeated configuration says. */
  public static final String NOT_MEASURED =
      "not measured: no configuration has two valid repetitions, so no difference here is resolved";

  /** The noise of the figure over these configurations' spreads, null if none has two values. */
  public static RunToRunNoise of(String figure, Map<String, Spread> byConfiguration) {
    List<Double> spreads = new ArrayList<>();
    double largest = Double.NaN;
    String largestIn = null;
    for (Map.Entry<String, Spread> e : byConfiguration.entrySet()) {
      double s = e.getValue().relativeSpread();
      if (Double.isNaN(s)) {
        continue;
      }
      spreads.add(s);
      if (largestIn == null || s > largest) {
        largest = s;
        largestIn = e.getKey();
      }
    }
    if (spreads.isEmpty()) {
      return null;
    }
    return new RunToRunNoise(
        figure, spreads.size(), Spread.of(spreads).median(), largest, largestIn);
  }

  /**
   * {@code throughput in (rec/s): 3.1% (median of 6 configurations' (max − min)/median), largest
   * 8.2% (flink at-least-once)}.
   */
  public String text() {
    String over =
        samples == 1
            ? "one configuration's (max − min) / median"
            : "median of " + samples + " configurations' (max − min) / median";
    return String.format(
        "%s: %s (%s), largest %s (%s)",
        figure, Resolution.percent(median), over, Resolution.percent(largest), largestIn);
  }

  /**
   * The lines of a suite's run-to-run noise, one per figure some configuration has repeated, or one
   * line saying it was not measured.
   *
   * @param byFigure per figure (name and unit), each configuration's spread by its name
   */
  public static List<String> lines(Map<String, Map<String, Spread>> byFigure) {
    List<String> lines = new ArrayList<>();
    byFigure.forEach(
        (figure, spreads) -> {
          RunToRunNoise n = of(figure, spreads);
          if (n != null) {
            lines.add(n.text());
          }
        });
    if (lines.isEmpty()) {
      lines.add(NOT_MEASURED);
    }
    return lines;
  }
}
