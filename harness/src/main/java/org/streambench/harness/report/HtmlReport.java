package org.streambench.harness.report;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.streambench.harness.report.chart.BarCharts;
import org.streambench.harness.report.chart.CpuChart;
import org.streambench.harness.report.chart.DistributionChart;
import org.streambench.harness.report.chart.RateCurveChart;
import org.streambench.harness.report.chart.SearchChart;
import org.streambench.harness.report.chart.Svg;
import org.streambench.harness.report.chart.TimeSeriesChart;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.RateCurve;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.PointOutcome;

/**
 * The report as one self-contained HTML page: tables, and charts drawn by JFreeChart inlined as
 * SVG. No script, no style sheet or font from elsewhere: it reads the same offline.
 */
public final class HtmlReport {
  private static final String STYLE =
      """
      body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1500px;\
      padding:0 16px;color:#212121;font-size:14px;line-height:1.4}
      h1{font-size:24px;margin-bottom:4px}h2{border-bottom:2px solid #0072B2;padding-bottom:4px;\
      margin-top:36px}h3{margin-top:24px}
      .meta,.note{color:#555}.note{font-size:13px;max-width:1000px}
      nav a{margin-right:14px}
      table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;\
      text-align:left;vertical-align:top}thead th{background:#f0f4f8}td.num{text-align:right;\
      white-space:nowrap}
      table.kv th{background:#fafafa;font-weight:normal;color:#444;white-space:nowrap}
      .bad{background:#fdecea;color:#b71c1c;font-weight:bold}.warn{background:#fff3e0;color:#a84300}
      .flame svg{max-width:100%;height:auto;border:1px solid #ddd}
      .range{color:#666;font-size:12px}.good{color:#1b5e20}.banner{padding:8px 12px;border:2px solid #b71c1c;margin:12px 0}
      .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(440px,1fr));gap:12px}
      .grid.wide{grid-template-columns:repeat(auto-fill,minmax(620px,1fr))}td.nowrap{white-space:nowrap}
      figure{margin:0 0 12px 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}
      figcaption{font-size:13px;color:#555;max-width:900px}
      details{margin:4px 0}summary{cursor:pointer;padding:2px 4px}pre{background:#f7f7f7;\
      padding:8px;overflow:auto;max-height:400px;font-size:12px}
      """;

  private static final String NO_VALID_RUN = "No valid run: nothing to chart.";

  private final ReportModel model;
  private final Map<String, String> dataFiles;
  private final Html h = new Html();
  private int charts;

  private HtmlReport(ReportModel model, Map<String, String> dataFiles) {
    this.model = model;
    this.dataFiles = dataFiles;
  }

  /**
   * The page.
   *
   * @param dataFiles the data written beside it: what each holds → its file name
   */
  public static String render(ReportModel model, Map<String, String> dataFiles) {
    return new HtmlReport(model, dataFiles).page();
  }

  private String page() {
    h.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    h.element("title", null, "streambench report: " + model.title());
    h.raw("<style>" + STYLE + "</style></head><body>\n");
    header();
    Map<String, Runnable> sections = new LinkedHashMap<>();
    sections.put("Summary", () -> SummarySection.write(h, model));
    if (!model.measured().isEmpty()) {
      sections.put("Throughput", this::throughput);
    }
    List<RateCurve> curves = RateCurve.of(model.measured());
    if (!curves.isEmpty()) {
      sections.put("Latency vs rate", () -> rateCurves(curves));
    }
    if (!model.searches().isEmpty()) {
      sections.put("Sustainable throughput", this::searches);
    }
    if (FaultSection.applies(model)) {
      sections.put("Faults and recovery", () -> FaultSection.write(h, model));
    }
    sections.put("Per configuration", this::perConfiguration);
    if (!model.measured().isEmpty()) {
      sections.put("CPU and memory", this::processes);
    }
    sections.put("Runs", () -> RunDetails.write(h, model));
    sections.put("Data", this::data);
    h.open("nav", null);
    sections.keySet().forEach(s -> h.raw("<a href=\"#" + id(s) + "\">").text(s).raw("</a>"));
    h.close("nav");
    sections.forEach(
        (title, body) -> {
          h.raw("<section id=\"" + id(title) + "\">").element("h2", null, title);
          body.run();
          h.close("section");
        });
    h.raw("</body></html>\n");
    return h.toString();
  }

  private static String id(String section) {
    return section.toLowerCase().replaceAll("[^a-z0-9]+", "-");
  }

  private void header() {
    h.element("h1", null, "streambench report: " + model.title());
    h.element("p", "meta", model.selection());
    h.element(
        "p",
        "meta",
        String.format(
            "%d configurations, %d runs. Generated %s.",
            model.configurations().size(), model.runs().size(), Instant.now().toString()));
    if (!model.common().isEmpty()) {
      StringBuilder common = new StringBuilder("Shared by every configuration: ");
      model.common().forEach((k, v) -> common.append(k).append('=').append(v).append("; "));
      h.element("p", "meta", common.substring(0, common.length() - 2));
    }
    long notValid = model.runs().stream().filter(r -> !Configuration.isValid(r)).count();
    if (notValid > 0) {
      h.element(
          "p",
          "banner bad",
          notValid
              + " of "
              + model.runs().size()
              + " runs are NOT VALID (invalid output, failed or aborted). They are left out of"
              + " every median, range and chart line; see Runs for their reasons.");
    }
  }

  private void figure(JFreeChart chart, int width, int height, String caption) {
    if (chart == null) {
      return;
    }
    h.open("figure", null);
    h.raw(Svg.render(chart, width, height, "chart" + ++charts));
    if (caption != null) {
      h.element("figcaption", null, caption);
    }
    h.close("figure");
  }

  private void throughput() {
    Map<String, Spread> in = new LinkedHashMap<>();
    model.measured().forEach(c -> in.put(c.name(), c.spread(Figure.THROUGHPUT_IN)));
    if (in.values().stream().allMatch(s -> s.n() == 0)) {
      h.element("p", "note", NO_VALID_RUN);
      return;
    }
    figure(
        BarCharts.medianWithRange(
            "Throughput in (steady state)",
            "bar: median over valid runs; line: min–max",
            "input records/s",
            in),
        1000,
        BarCharts.height(in.keySet(), false),
        "Fixed-rate runs: the rate the generator sent at (whether the engine kept up shows in the"
            + " backlog and verdict); drain: how fast the engine consumed a pre-filled topic;"
            + " in-job: records the engine generated and processed per second.");
  }

  private void rateCurves(List<RateCurve> curves) {
    h.element(
        "p",
        "note",
        "Lines through the median of the valid runs at each rate, shaded from their minimum to their"
            + " maximum. A dashed red line marks a rate with an invalid or failed run (left out), an"
            + " orange one a rate where a valid run's backlog grew: the engine was not keeping up.");
    h.open("div", "grid wide");
    if (curves.size() > 1) {
      figure(RateCurveChart.compareP99(curves), 640, 420, null);
    }
    curves.forEach(c -> figure(RateCurveChart.percentiles(c), 640, 420, null));
    h.close("div");
  }

  private void searches() {
    Map<String, Spread> found = new LinkedHashMap<>();
    for (Configuration c : model.searches()) {
      found.put(
          c.name(),
          Spread.of(
              c.points().stream()
                  .filter(p -> p.search() != null)
                  .map(p -> (double) p.search().sustainableRate())
                  .toList()));
    }
    figure(
        BarCharts.medianWithRange(
            "Highest sustainable rate",
            "bar: median over repetitions; line: min–max",
            "records/s",
            found),
        1000,
        BarCharts.height(found.keySet(), false),
        "Each search raises the offered rate until a trial is not sustainable (backlog grows, the"
            + " run is invalid, or the latency objective is missed), then narrows the bracket.");
    for (Configuration c : model.searches()) {
      for (PointOutcome p : c.points()) {
        SearchSection.write(h, c, p);
        if (p.search() != null && !p.search().trials().isEmpty()) {
          figure(SearchChart.of(c.name(), p), 640, 340, null);
        }
      }
    }
  }

  private void perConfiguration() {
    h.element(
        "p",
        "note",
        "For each configuration: latency by percentile (end-to-end solid, engine dashed), the"
            + " per-second output, p99 latency and backlog (a backlog that keeps growing means the"
            + " engine is falling behind), and the CPU each process used.");
    for (Configuration c : model.configurations()) {
      h.raw("<h3 id=\"" + SummarySection.anchor(c) + "\">").text(c.name()).raw("</h3>\n");
      h.element(
          "p",
          "meta",
          c.repetitions()
              + ": "
              + String.join(
                  ", ",
                  c.members().stream().map(m -> m.label() + " = " + m.run().runId()).toList()));
      h.open("div", "grid");
      figure(DistributionChart.of(c, model.distributions()), 460, 420, null);
      figure(TimeSeriesChart.of(c), 460, 600, null);
      figure(CpuChart.of(c), 460, 420, null);
      h.close("div");
    }
  }

  private void processes() {
    Map<String, Map<String, Double>> cores = new LinkedHashMap<>();
    Map<String, Map<String, Double>> memory = new LinkedHashMap<>();
    for (Configuration c : model.measured()) {
      Map<String, Double> cpu = new LinkedHashMap<>();
      Map<String, Double> rss = new LinkedHashMap<>();
      for (String role : CpuChart.ROLES) {
        Spread cs =
            Spread.of(c.validRuns().stream().map(r -> Figure.steadyCores(r, role)).toList());
        Spread ms =
            Spread.of(c.validRuns().stream().map(r -> Figure.peakRssMegabytes(r, role)).toList());
        if (cs.n() > 0) {
          cpu.put(role, cs.median());
        }
        if (ms.n() > 0) {
          rss.put(role, ms.median());
        }
      }
      cores.put(c.name(), cpu);
      memory.put(c.name(), rss);
    }
    if (cores.values().stream().allMatch(Map::isEmpty)) {
      h.element("p", "note", NO_VALID_RUN);
      return;
    }
    h.open("div", "grid wide");
    figure(
        BarCharts.grouped("CPU per process (steady state, median)", "cores", cores),
        700,
        BarCharts.height(cores.keySet(), true),
        "CPU seconds used in the steady state divided by its length. The harness runs the"
            + " generator and the collector; a shared broker is charged only for this run.");
    figure(
        BarCharts.grouped("Peak memory per process (median)", "peak RSS (MB)", memory),
        700,
        BarCharts.height(memory.keySet(), true),
        "Peak resident set size (the kernel's VmHWM) over the whole run.");
    h.close("div");
  }

  private void data() {
    h.element("p", null, "The figures behind this report, beside it:");
    h.open("ul", null);
    dataFiles.forEach(
        (what, file) -> {
          h.raw("<li><a href=\"" + Html.escape(file) + "\">").text(file).raw("</a> ");
          h.text(what).raw("</li>\n");
        });
    h.close("ul");
  }
}
