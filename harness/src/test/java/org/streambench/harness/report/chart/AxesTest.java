package org.streambench.harness.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The axes the report's charts share. */
class AxesTest {
  @Test
  void percentileAxisLabelsReadAsNines() {
    Axes.PercentileFormat f = new Axes.PercentileFormat();
    assertEquals("0%", f.format(1.0));
    assertEquals("90%", f.format(10.0));
    assertEquals("99%", f.format(100.0));
    assertEquals("99.9%", f.format(1000.0));
    assertEquals("99.99%", f.format(10000.0));
  }
}
