package org.streambench.harness.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Configuration.Member;
import org.streambench.harness.report.model.Provenances;

/**
 * CPU cores each process of one run used, second by second, against the machine's cores; for a
 * cluster deployment each engine process too. Each process's series starts when the harness started
 * watching it (the engine's at its launch).
 */
public final class CpuChart {
  /** The processes, in the order a reader looks for them; harness threads are within harness. */
  public static final List<String> ROLES = List.of("engine", "broker", "harness", "redis");

  private CpuChart() {}

  /** The chart of the configuration's first valid run (else its first), or null if none has CPU. */
  public static JFreeChart of(Configuration c) {
    Member shown =
        c.members().stream()
            .filter(m -> Configuration.isValid(m.run()))
            .findFirst()
            .orElse(c.members().isEmpty() ? null : c.members().get(0));
    if (shown == null || shown.run().cpuCoresPerSecond() == null) {
      return null;
    }
    Map<String, List<Double>> cores = shown.run().cpuCoresPerSecond();
    // a cluster's engine processes (and the JVMs they spawned) beside their sum
    List<String> roles = new ArrayList<>(ROLES);
    cores.keySet().stream().filter(r -> r.startsWith("engine/")).sorted().forEach(roles::add);
    XYSeriesCollection data = new XYSeriesCollection();
    List<Integer> colours = new ArrayList<>();
    for (int i = 0; i < roles.size(); i++) {
      List<Double> series = cores.get(roles.get(i));
      if (series != null && !series.isEmpty()) {
        XYSeries s = new XYSeries(roles.get(i));
        for (int second = 0; second < series.size(); second++) {
          s.add(second, series.get(second));
        }
        data.addSeries(s);
        colours.add(i);
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    XYPlot plot =
        new XYPlot(
            data,
            Axes.linear("seconds since the process was first sampled"),
            Axes.linear("CPU (cores)"),
            renderer);
    String title =
        "CPU per process: " + c.name() + (c.members().size() > 1 ? " (" + shown.label() + ")" : "");
    JFreeChart chart =
        ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    for (int i = 0; i < colours.size(); i++) {
      renderer.setSeriesPaint(i, ChartStyle.color(colours.get(i)));
    }
    int hostCores = Provenances.hostCores(shown.run());
    if (hostCores > 0) {
      ValueMarker machine = new ValueMarker(hostCores, Color.GRAY, ChartStyle.DASHED);
      ChartStyle.label(machine, "machine: " + hostCores + " cores", Color.DARK_GRAY);
      machine.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
      machine.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
      plot.addRangeMarker(machine);
      double busiest = DatasetUtils.findMaximumRangeValue(data).doubleValue();
      plot.getRangeAxis().setRange(0, 1.1 * Math.max(hostCores, busiest));
    }
    return chart;
  }
}
