package org.streambench.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Component;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.util.Collection;
import java.util.Map;
import javax.swing.Icon;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.MinMaxCategoryRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.streambench.harness.report.model.Spread;

/** Horizontal bar charts, one bar per configuration, so long configuration names stay readable. */
public final class BarCharts {
  private static final int ROW_HEIGHT = 26;
  private static final int ROW_HEIGHT_GROUPED = 34;

  /** Names longer than this wrap onto a second line, which needs a taller row. */
  private static final int ONE_LINE_NAME = 40;

  private static final int SECOND_LINE = 14;

  private BarCharts() {}

  /** Height for a chart with a bar (or a group of bars) per name. */
  public static int height(Collection<String> names, boolean grouped) {
    boolean wrapped = names.stream().anyMatch(n -> n.length() > ONE_LINE_NAME);
    int row = (grouped ? ROW_HEIGHT_GROUPED : ROW_HEIGHT) + (wrapped ? SECOND_LINE : 0);
    return 110 + names.size() * row;
  }

  /**
   * The median of each configuration as a bar, with a line from its minimum to its maximum over the
   * repetitions. Configurations without a value get no bar.
   */
  public static JFreeChart medianWithRange(
      String title, String subtitle, String valueLabel, Map<String, Spread> byName) {
    DefaultCategoryDataset medians = new DefaultCategoryDataset();
    DefaultCategoryDataset ranges = new DefaultCategoryDataset();
    byName.forEach(
        (name, s) -> {
          medians.addValue(s.n() == 0 ? null : s.median(), "median", name);
          // every category in both datasets: the renderers place items by column index
          ranges.addValue(s.n() > 1 ? s.min() : null, "min", name);
          ranges.addValue(s.n() > 1 ? s.max() : null, "max", name);
        });
    CategoryPlot plot = plot(medians, valueLabel);
    JFreeChart chart =
        ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false));
    BarRenderer bars = (BarRenderer) plot.getRenderer();
    bars.setSeriesPaint(0, ChartStyle.color(0));
    bars.setMaximumBarWidth(0.6);
    if (byName.values().stream().anyMatch(s -> s.n() > 1)) {
      MinMaxCategoryRenderer range = new MinMaxCategoryRenderer();
      Icon cap = new LineIcon(new Line2D.Double(0, -6, 0, 6));
      range.setObjectIcon(cap);
      range.setMinIcon(cap);
      range.setMaxIcon(cap);
      range.setGroupPaint(Color.BLACK);
      range.setGroupStroke(new BasicStroke(1.5f));
      range.setDefaultPaint(Color.BLACK);
      range.setAutoPopulateSeriesPaint(false);
      plot.setDataset(1, ranges);
      plot.setRenderer(1, range);
      plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    }
    chart.addSubtitle(new TextTitle(subtitle));
    return chart;
  }

  /** One bar per series (e.g. per process) in each configuration's group. */
  public static JFreeChart grouped(
      String title, String valueLabel, Map<String, Map<String, Double>> byNameThenSeries) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    byNameThenSeries.forEach((name, series) -> series.forEach((s, v) -> data.addValue(v, s, name)));
    CategoryPlot plot = plot(data, valueLabel);
    JFreeChart chart =
        ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    ((BarRenderer) plot.getRenderer()).setItemMargin(0.05);
    return chart;
  }

  private static CategoryPlot plot(DefaultCategoryDataset data, String valueLabel) {
    CategoryAxis names = new CategoryAxis();
    names.setMaximumCategoryLabelWidthRatio(0.45f);
    names.setMaximumCategoryLabelLines(2);
    NumberAxis values = new NumberAxis(valueLabel);
    values.setAutoRangeIncludesZero(true);
    CategoryPlot plot = new CategoryPlot(data, names, values, new BarRenderer());
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setRangeGridlinesVisible(true);
    return plot;
  }

  /** A whisker cap for the min–max line: a short line across it. */
  private record LineIcon(Line2D line) implements Icon {
    @Override
    public void paintIcon(Component c, Graphics g, int x, int y) {
      Graphics2D g2 = (Graphics2D) g;
      g2.draw(
          new Line2D.Double(
              line.getX1() + x, line.getY1() + y, line.getX2() + x, line.getY2() + y));
    }

    @Override
    public int getIconWidth() {
      return (int) Math.abs(line.getX2() - line.getX1());
    }

    @Override
    public int getIconHeight() {
      return (int) Math.abs(line.getY2() - line.getY1());
    }
  }
}
