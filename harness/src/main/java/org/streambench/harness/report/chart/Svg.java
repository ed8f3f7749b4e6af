package org.streambench.harness.report.chart;

import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/** Renders a chart to an SVG element to inline in the HTML. */
public final class Svg {
  private Svg() {}

  /**
   * The chart as an {@code <svg>} element with a view box (so the page can scale it) and ids
   * prefixed by {@code id}, so that several charts in one page do not share clip paths.
   */
  public static String render(JFreeChart chart, int width, int height, String id) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    g.setDefsKeyPrefix(id + "-");
    // a tenth of a pixel is finer than any screen: a third of the file size of full precision
    g.setGeomDoubleConverter(Svg::tenths);
    g.setTransformDoubleConverter(Svg::tenths);
    chart.draw(g, new Rectangle(0, 0, width, height));
    return g.getSVGElement(id, true, new ViewBox(0, 0, width, height), null, null);
  }

  private static String tenths(double v) {
    long rounded = Math.round(v * 10);
    return rounded % 10 == 0 ? Long.toString(rounded / 10) : Double.toString(rounded / 10.0);
  }
}
