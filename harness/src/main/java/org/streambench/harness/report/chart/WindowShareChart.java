package org.streambench.harness.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.RunResult;

/**
 * The Yahoo benchmark's own plot: the share of windows complete against their latency, one line per
 * configuration (engine and rate), through the window latency's stored percentiles (p50, p90, p95,
 * p99, p99.9 and the maximum), each the median over the configuration's valid runs.
 */
public final class WindowShareChart {
  private record Quantile(double share, ToLongFunction<LatencySummary> micros) {}

  private static final List<Quantile> QUANTILES =
      List.of(
          new Quantile(50, LatencySummary::p50),
          new Quantile(90, LatencySummary::p90),
          new Quantile(95, LatencySummary::p95),
          new Quantile(99, LatencySummary::p99),
          new Quantile(99.9, LatencySummary::p999),
          new Quantile(100, LatencySummary::max));

  private WindowShareChart() {}

  /** The chart, or null if no configuration has a valid run with YSB's window latency. */
  public static JFreeChart of(List<Configuration> configurations) {
    XYSeriesCollection data = new XYSeriesCollection();
    double minMs = Double.MAX_VALUE;
    double maxMs = 0;
    for (Configuration c : configurations) {
      List<LatencySummary> runs =
          c.validRuns().stream()
              .map(RunResult::ysbWindowLatency)
              .filter(s -> s != null && s.count() > 0)
              .toList();
      if (runs.isEmpty()) {
        continue;
      }
      XYSeries s = new XYSeries(c.name());
      for (Quantile q : QUANTILES) {
        List<Double> ms = new ArrayList<>();
        runs.forEach(r -> ms.add(q.micros().applyAsLong(r) / 1000.0));
        double median = Spread.of(ms).median();
        if (median > 0) {
          s.add(median, q.share());
          minMs = Math.min(minMs, median);
          maxMs = Math.max(maxMs, median);
        }
      }
      data.addSeries(s);
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    NumberAxis share = Axes.linear("windows complete (%)");
    share.setRange(45, 101);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    XYPlot plot =
        new XYPlot(data, Axes.positive("window latency (ms)", minMs, maxMs), share, renderer);
    JFreeChart chart =
        ChartStyle.apply(
            new JFreeChart(
                "Share of windows complete against latency",
                JFreeChart.DEFAULT_TITLE_FONT,
                plot,
                true));
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, ChartStyle.color(i));
      renderer.setSeriesStroke(i, ChartStyle.LINE);
      renderer.setSeriesShape(i, ChartStyle.DOT);
    }
    chart.addSubtitle(
        new TextTitle(
            "through p50, p90, p95, p99, p99.9 and the maximum, each the median over valid runs"));
    return chart;
  }
}
