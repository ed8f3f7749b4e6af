package org.streambench.harness.report.chart;

import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.KeepingUp;
import org.streambench.harness.report.model.RateCurve;
import org.streambench.harness.report.model.Spread;

/**
 * Latency percentiles against offered rate: lines through the medians of the valid repetitions, a
 * shaded band from their minimum to their maximum, and a marked line at each rate where a run was
 * invalid (its figures are left out) or did not keep up.
 */
public final class RateCurveChart {
  private static final List<Figure> PERCENTILES =
      List.of(Figure.E2E_P50, Figure.E2E_P99, Figure.E2E_P999);

  private RateCurveChart() {}

  /** One curve's percentiles. */
  public static JFreeChart percentiles(RateCurve curve) {
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    for (Figure f : PERCENTILES) {
      data.addSeries(series(f.label().replace("e2e ", ""), curve, f));
    }
    JFreeChart chart = chart("End-to-end latency vs rate: " + curve.name(), data, List.of(curve));
    markUnsound(chart.getXYPlot(), curve);
    return chart;
  }

  /** The p99 of several curves, to compare them. */
  public static JFreeChart compareP99(List<RateCurve> curves) {
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    for (RateCurve c : curves) {
      data.addSeries(series(c.name(), c, Figure.E2E_P99));
    }
    return chart("End-to-end p99 latency vs rate", data, curves);
  }

  private static YIntervalSeries series(String name, RateCurve curve, Figure f) {
    YIntervalSeries s = new YIntervalSeries(name);
    for (Configuration c : curve.points()) {
      Spread spread = c.spread(f);
      if (spread.n() > 0 && spread.min() > 0) {
        s.add(c.rate(), spread.median(), spread.min(), spread.max());
      }
    }
    return s;
  }

  /** The chart; its rate axis spans every rate of the curves, marked ones without data too. */
  private static JFreeChart chart(
      String title, YIntervalSeriesCollection data, List<RateCurve> curves) {
    double minRate = Double.MAX_VALUE;
    double maxRate = 0;
    for (RateCurve curve : curves) {
      for (Configuration c : curve.points()) {
        minRate = Math.min(minRate, c.rate());
        maxRate = Math.max(maxRate, c.rate());
      }
    }
    double minMs = Double.MAX_VALUE;
    double maxMs = 0;
    for (int s = 0; s < data.getSeriesCount(); s++) {
      for (int i = 0; i < data.getItemCount(s); i++) {
        minMs = Math.min(minMs, data.getStartYValue(s, i));
        maxMs = Math.max(maxMs, data.getEndYValue(s, i));
      }
    }
    DeviationRenderer renderer = new DeviationRenderer(true, true);
    renderer.setAlpha(0.15f);
    XYPlot plot =
        new XYPlot(
            data,
            Axes.positive("offered rate (records/s)", minRate, maxRate),
            Axes.positive("end-to-end latency (ms)", minMs, maxMs),
            renderer);
    JFreeChart chart =
        ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    for (int s = 0; s < data.getSeriesCount(); s++) {
      renderer.setSeriesPaint(s, ChartStyle.color(s));
      renderer.setSeriesFillPaint(s, ChartStyle.color(s));
      renderer.setSeriesStroke(s, ChartStyle.LINE);
      renderer.setSeriesShape(s, ChartStyle.DOT);
    }
    return chart;
  }

  /**
   * A red vertical line at each rate where some run was invalid or failed, an orange one where a
   * valid run did not keep up (its backlog grew).
   */
  private static void markUnsound(XYPlot plot, RateCurve curve) {
    for (Configuration c : curve.points()) {
      int runs = c.members().size();
      int invalid = runs - c.validRuns().size();
      long behind = c.validRuns().stream().filter(KeepingUp::fellBehind).count();
      if (invalid > 0) {
        marker(
            plot,
            c.rate(),
            ChartStyle.INVALID,
            (invalid == runs ? "" : invalid + "/" + runs + " ") + "invalid");
      } else if (behind > 0) {
        marker(
            plot,
            c.rate(),
            ChartStyle.BEHIND,
            (behind == runs ? "" : behind + "/" + runs + " ") + "not keeping up");
      }
    }
  }

  private static void marker(XYPlot plot, double rate, Color color, String label) {
    ValueMarker m = new ValueMarker(rate, color, ChartStyle.DASHED);
    ChartStyle.label(m, label, color);
    m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
    m.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
    plot.addDomainMarker(m, Layer.FOREGROUND);
  }
}
