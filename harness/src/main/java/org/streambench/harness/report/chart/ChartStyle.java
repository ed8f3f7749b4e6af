package org.streambench.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.ui.RectangleInsets;

/** One look for every chart: a colour-blind-safe palette, plain bars, readable fonts. */
final class ChartStyle {
  /** Okabe and Ito's palette (without its yellow, too faint on white). */
  static final Color[] PALETTE = {
    new Color(0x0072B2),
    new Color(0xE69F00),
    new Color(0x009E73),
    new Color(0xD55E00),
    new Color(0xCC79A7),
    new Color(0x56B4E9),
    new Color(0x000000),
    new Color(0x8C6D1F)
  };

  static final Color INVALID = new Color(0xC62828);
  static final Color BEHIND = new Color(0xE65100);
  static final Color GRID = new Color(0xDDDDDD);
  static final Stroke LINE = new BasicStroke(1.6f);
  static final Stroke DASHED =
      new BasicStroke(
          1.4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 3f}, 0f);
  static final Shape DOT = new Ellipse2D.Double(-3, -3, 6, 6);
  static final Shape SQUARE = new Rectangle2D.Double(-3, -3, 6, 6);
  private static final Color LABEL_BACKGROUND = new Color(255, 255, 255, 210);

  private static final String FONT = "SansSerif";

  private ChartStyle() {}

  static Color color(int i) {
    return PALETTE[i % PALETTE.length];
  }

  /** Applies the report's theme; call before setting series paints, which it would override. */
  static JFreeChart apply(JFreeChart chart) {
    StandardChartTheme theme = (StandardChartTheme) StandardChartTheme.createJFreeTheme();
    theme.setExtraLargeFont(new Font(FONT, Font.BOLD, 15));
    theme.setLargeFont(new Font(FONT, Font.BOLD, 13));
    theme.setRegularFont(new Font(FONT, Font.PLAIN, 12));
    theme.setSmallFont(new Font(FONT, Font.PLAIN, 11));
    theme.setChartBackgroundPaint(Color.WHITE);
    theme.setPlotBackgroundPaint(Color.WHITE);
    theme.setPlotOutlinePaint(Color.GRAY);
    theme.setDomainGridlinePaint(GRID);
    theme.setRangeGridlinePaint(GRID);
    theme.setLegendBackgroundPaint(Color.WHITE);
    theme.setBarPainter(new StandardBarPainter());
    theme.setXYBarPainter(new StandardXYBarPainter());
    theme.setShadowVisible(false);
    theme.setDrawingSupplier(
        new DefaultDrawingSupplier(
            PALETTE.clone(),
            new Paint[] {Color.WHITE},
            new Paint[] {Color.GRAY},
            new Stroke[] {LINE},
            new Stroke[] {new BasicStroke(0.5f)},
            new Shape[] {DOT, SQUARE}));
    theme.apply(chart);
    // room on the right for the last tick label of a horizontal axis
    chart.setPadding(new RectangleInsets(4, 4, 4, 18));
    return chart;
  }

  /** Labels a marker in its own colour, readable over the lines it crosses. */
  static void label(Marker marker, String text, Color color) {
    marker.setLabel(text);
    marker.setLabelFont(new Font(FONT, Font.BOLD, 11));
    marker.setLabelPaint(color);
    marker.setLabelBackgroundColor(LABEL_BACKGROUND);
  }
}
