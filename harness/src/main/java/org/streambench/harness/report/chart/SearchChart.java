package org.streambench.harness.report.chart;

import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.results.PointOutcome;

/**
 * The trials of one sustainable-throughput search in the order they ran: offered rate per trial,
 * sustainable ones green, the others red, the rate found as a dashed line.
 */
public final class SearchChart {
  private static final Color SUSTAINABLE = new Color(0x2E7D32);

  private SearchChart() {}

  public static JFreeChart of(String name, PointOutcome point) {
    List<PointOutcome.Trial> trials = point.search().trials();
    XYSeries order = new XYSeries("order");
    XYSeries kept = new XYSeries("sustainable");
    XYSeries lost = new XYSeries("not sustainable");
    for (int i = 0; i < trials.size(); i++) {
      PointOutcome.Trial t = trials.get(i);
      order.add(i + 1, t.rate());
      (t.sustainable() ? kept : lost).add(i + 1, t.rate());
    }
    XYSeriesCollection data = new XYSeriesCollection();
    data.addSeries(order);
    data.addSeries(kept);
    data.addSeries(lost);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
    NumberAxis trialAxis = Axes.linear("trial");
    trialAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    XYPlot plot = new XYPlot(data, trialAxis, Axes.linear("offered rate (records/s)"), renderer);
    String title =
        "Search: " + name + (point.repetition() > 1 ? " (rep " + point.repetition() + ")" : "");
    JFreeChart chart =
        ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    renderer.setSeriesPaint(0, Color.LIGHT_GRAY);
    renderer.setSeriesShapesVisible(0, false);
    renderer.setSeriesVisibleInLegend(0, false);
    renderer.setSeriesPaint(1, SUSTAINABLE);
    renderer.setSeriesLinesVisible(1, false);
    renderer.setSeriesShape(1, ChartStyle.DOT);
    renderer.setSeriesPaint(2, ChartStyle.INVALID);
    renderer.setSeriesLinesVisible(2, false);
    renderer.setSeriesShape(2, ShapeUtils.createDiagonalCross(4, 1));
    if (point.search().sustainableRate() > 0) {
      ValueMarker found =
          new ValueMarker(point.search().sustainableRate(), SUSTAINABLE, ChartStyle.DASHED);
      ChartStyle.label(
          found,
          "sustainable: " + Format.rate(point.search().sustainableRate()) + "/s",
          SUSTAINABLE);
      found.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
      found.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
      plot.addRangeMarker(found);
    }
    return chart;
  }
}
