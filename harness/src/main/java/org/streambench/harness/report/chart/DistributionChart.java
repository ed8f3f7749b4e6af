package org.streambench.harness.report.chart;

import java.awt.Paint;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Configuration.Member;
import org.streambench.harness.report.model.LatencyDistribution;

/**
 * Latency by percentile for each run of a configuration, as HdrHistogram plots it: end-to-end
 * solid, engine dashed, one colour per run; percentiles on a log scale of 1/(1−p).
 */
public final class DistributionChart {
  private DistributionChart() {}

  /** The chart, or null if no run of the configuration has a latency. */
  public static JFreeChart of(Configuration c, Map<String, List<LatencyDistribution>> byRun) {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    boolean allFromLog = true;
    double maxPercentile = 0;
    double minMs = Double.MAX_VALUE;
    double maxMs = 0;
    List<Paint> colours = new ArrayList<>();
    List<Stroke> strokes = new ArrayList<>();
    List<Member> members = c.members();
    for (int i = 0; i < members.size(); i++) {
      Member m = members.get(i);
      for (LatencyDistribution d : byRun.getOrDefault(m.run().runId(), List.of())) {
        XYSeries s =
            new XYSeries(
                members.size() == 1 && Configuration.isValid(m.run())
                    ? d.latency()
                    : m.legend() + " " + d.latency());
        for (LatencyDistribution.Point p : d.points()) {
          if (p.micros() > 0) {
            s.add(Axes.percentilePosition(p.percentile()), p.micros() / 1000);
            maxPercentile = Math.max(maxPercentile, p.percentile());
            minMs = Math.min(minMs, p.micros() / 1000);
            maxMs = Math.max(maxMs, p.micros() / 1000);
          }
        }
        allFromLog &= d.fromLog();
        data.addSeries(s);
        colours.add(ChartStyle.color(i));
        strokes.add(
            d.latency().equals(LatencyDistribution.E2E) ? ChartStyle.LINE : ChartStyle.DASHED);
      }
    }
    if (data.getSeriesCount() == 0) {
      return null; // no run of it recorded a latency (failed runs)
    }
    XYPlot plot =
        new XYPlot(
            data,
            Axes.percentile(maxPercentile),
            Axes.positive("latency (ms)", minMs, maxMs),
            renderer);
    JFreeChart chart =
        new JFreeChart(
            "Latency distribution: " + c.name(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    ChartStyle.apply(chart);
    for (int i = 0; i < colours.size(); i++) {
      renderer.setSeriesPaint(i, colours.get(i));
      renderer.setSeriesStroke(i, strokes.get(i));
    }
    chart.addSubtitle(
        new TextTitle(
            allFromLog
                ? "steady state, from each run's latency.hlog (by receive time)"
                : "stored steady-state percentiles (a run directory is missing)"));
    return chart;
  }
}
