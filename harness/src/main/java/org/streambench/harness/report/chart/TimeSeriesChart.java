package org.streambench.harness.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Configuration.Member;
import org.streambench.harness.report.model.SteadyWindow;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;

/**
 * Each run's per-second output, tail latency and backlog, stacked over one time axis (one colour
 * per run), with the warm-up shaded.
 */
public final class TimeSeriesChart {
  private static final Color WARMUP = new Color(0xEEEEEE);
  private static final Color FAULT = new Color(0xC62828);
  private static final Color RECOVERING = new Color(0xFDECEA);
  private static final Font SUBPLOT_LABEL = new Font("SansSerif", Font.BOLD, 11);

  private TimeSeriesChart() {}

  /** The chart, or null if no run of the configuration has a time series. */
  public static JFreeChart of(Configuration c) {
    List<Member> members =
        c.members().stream()
            .filter(m -> m.run().timeseries() != null && !m.run().timeseries().isEmpty())
            .toList();
    if (members.isEmpty()) {
      return null;
    }
    boolean drain = members.stream().allMatch(m -> m.run().mode() == Mode.DRAIN);
    CombinedDomainXYPlot plot =
        new CombinedDomainXYPlot(
            new NumberAxis(
                drain ? "seconds since the engine started" : "seconds since generation started"));
    plot.setGap(8);
    plot.add(subplot(members, "output (records/s)", p -> p.out(), false));
    // drain runs record e2e latency per second but do not report it: their input predates the
    // engine
    boolean e2e = members.stream().anyMatch(m -> m.run().endToEndLatencyMicros() != null);
    if (e2e) {
      plot.add(subplot(members, "e2e p99 (ms)", p -> p.e2eP99Micros() / 1000.0, true));
    } else {
      plot.add(subplot(members, "engine p99 (ms)", p -> p.engineP99Micros() / 1000.0, true));
    }
    if (members.stream()
        .anyMatch(m -> m.run().timeseries().stream().anyMatch(p -> p.backlog() >= 0))) {
      plot.add(
          subplot(
              members,
              "backlog (records)",
              p -> p.backlog() < 0 ? Double.NaN : p.backlog(),
              false));
    }
    JFreeChart chart =
        ChartStyle.apply(
            new JFreeChart("Per second: " + c.name(), JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    // one run needs a legend only to say it is not valid
    boolean legend = members.size() > 1 || !Configuration.isValid(members.get(0).run());
    List<XYPlot> subplots = plot.getSubplots();
    for (int s = 0; s < subplots.size(); s++) {
      XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) subplots.get(s).getRenderer();
      for (int i = 0; i < members.size(); i++) {
        r.setSeriesPaint(i, ChartStyle.color(i));
        r.setSeriesStroke(i, ChartStyle.LINE);
        r.setSeriesVisibleInLegend(i, s == 0 && legend);
      }
      subplots.get(s).getRangeAxis().setLabelFont(SUBPLOT_LABEL);
      markWarmup(subplots.get(s), members.get(0), s == 0);
      markFaults(subplots.get(s), members.get(0), s == 0);
    }
    if (!legend) {
      chart.removeLegend();
    }
    return chart;
  }

  private static XYPlot subplot(
      List<Member> members, String label, ToDoubleFunction<IntervalPoint> value, boolean latency) {
    XYSeriesCollection data = new XYSeriesCollection();
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Member m : members) {
      XYSeries s = new XYSeries(m.legend());
      for (IntervalPoint p : m.run().timeseries()) {
        double v = value.applyAsDouble(p);
        if (Double.isNaN(v) || (latency && v <= 0)) {
          continue; // no output that second: no latency to draw
        }
        s.add(p.second(), v);
        if (v > 0) {
          min = Math.min(min, v);
        }
        max = Math.max(max, v);
      }
      data.addSeries(s);
    }
    return new XYPlot(
        data,
        null,
        latency ? Axes.positive(label, min, max) : Axes.linear(label),
        new XYLineAndShapeRenderer(true, false));
  }

  /**
   * Each fault of the first run as a red line at its time, shaded until it recovered (the faults of
   * repetitions fall at the same time from the steady state's start).
   */
  private static void markFaults(XYPlot plot, Member first, boolean labelled) {
    if (first.run().faults() == null) {
      return;
    }
    double steadyStart = SteadyWindow.of(first.run()).fromSecond();
    for (RunResult.Fault f : first.run().faults()) {
      double at = steadyStart + f.atSeconds();
      if (f.recoverySeconds() != null) {
        plot.addDomainMarker(
            new IntervalMarker(at, at + f.recoverySeconds(), RECOVERING), Layer.BACKGROUND);
      }
      ValueMarker line = new ValueMarker(at, FAULT, ChartStyle.LINE);
      if (labelled) {
        ChartStyle.label(line, f.action() + " " + f.process(), FAULT);
        line.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        line.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      }
      plot.addDomainMarker(line, Layer.FOREGROUND);
    }
  }

  private static void markWarmup(XYPlot plot, Member first, boolean labelled) {
    SteadyWindow steady = SteadyWindow.of(first.run());
    if (!steady.hasWarmup()) {
      return;
    }
    IntervalMarker warmup = new IntervalMarker(0, steady.fromSecond(), WARMUP);
    if (labelled) {
      ChartStyle.label(warmup, "warm-up", Color.DARK_GRAY);
      warmup.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      warmup.setLabelTextAnchor(TextAnchor.TOP_LEFT);
    }
    plot.addDomainMarker(warmup, Layer.BACKGROUND);
  }
}
