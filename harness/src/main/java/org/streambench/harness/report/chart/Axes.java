package org.streambench.harness.report.chart;

import java.text.DecimalFormat;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;

/** The value axes the report's charts share, with units in their labels. */
final class Axes {
  /** Values spanning more than this factor get a log scale. */
  private static final double LOG_SCALE_SPAN = 20;

  private Axes() {}

  /**
   * An axis for positive values from {@code min} to {@code max}: logarithmic with a tick per decade
   * when they span decades (latencies do), else linear from zero.
   */
  static ValueAxis positive(String label, double min, double max) {
    if (min > 0 && max / min >= LOG_SCALE_SPAN) {
      LogAxis axis = new LogAxis(label + ", log scale");
      axis.setAutoTickUnitSelection(false);
      axis.setTickUnit(new NumberTickUnit(1), false, false);
      axis.setMinorTickCount(9);
      axis.setMinorTickMarksVisible(true);
      axis.setSmallestValue(min / 2);
      axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
      axis.setRange(decadeBelow(min), decadeAbove(max));
      return axis;
    }
    NumberAxis axis = linear(label);
    if (max > 0) {
      axis.setRange(0, max * 1.05); // explicit, so that markers beyond the data are in range
    }
    return axis;
  }

  private static double decadeBelow(double v) {
    return Math.pow(10, Math.floor(Math.log10(v)));
  }

  private static double decadeAbove(double v) {
    return Math.pow(10, Math.ceil(Math.log10(v) + 1e-9));
  }

  static NumberAxis linear(String label) {
    NumberAxis axis = new NumberAxis(label);
    axis.setAutoRangeIncludesZero(true);
    return axis;
  }

  /**
   * The percentile axis of latency distributions, as HdrHistogram plots draw it: position 1/(1−p)
   * on a log scale, so each further nine (90%, 99%, 99.9%, ...) gets the same width.
   */
  static LogAxis percentile(double maxPercentile) {
    LogAxis axis = new LogAxis("percentile (log scale of 1/(1−p))");
    axis.setAutoTickUnitSelection(false);
    axis.setTickUnit(new NumberTickUnit(1), false, false);
    axis.setNumberFormatOverride(new PercentileFormat());
    axis.setRange(1, Math.max(100, decadeAbove(percentilePosition(maxPercentile))));
    return axis;
  }

  /** Where percentile {@code p} (0..100) lies on the percentile axis. */
  static double percentilePosition(double p) {
    return 1 / (1 - p / 100);
  }

  /** Labels a position 1/(1−p) on the percentile axis as the percentile: 90%, 99.9%. */
  static final class PercentileFormat extends NumberFormat {
    @Override
    public StringBuffer format(double position, StringBuffer to, FieldPosition pos) {
      double p = 100 * (1 - 1 / position);
      int decimals = Math.max(0, (int) Math.round(Math.log10(position)) - 2);
      return to.append(String.format(Locale.ROOT, "%." + decimals + "f%%", p));
    }

    @Override
    public StringBuffer format(long position, StringBuffer to, FieldPosition pos) {
      return format((double) position, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      throw new UnsupportedOperationException("labels only");
    }
  }
}
