package org.streambench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.streambench.harness.report.chart.BarCharts;
import org.streambench.harness.report.chart.RateCurveChart;
import org.streambench.harness.report.chart.Svg;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.report.model.RateCurve;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * A suite's results as a page to ship with the tool ({@code docs/results/<suite>.md}): what the
 * suite reproduces (its file's opening comment), how and where it ran, the figures of every
 * configuration (median and min–max over valid runs) and of every search, the engines ranked
 * against each other where configurations differ only in engine, and charts as SVG files beside it
 * ({@code <suite>/*.svg}). Everything on it is read from the stored suite; nothing is typed in.
 */
public final class ResultsPage {
  private final ReportModel model;
  private final String suiteFile;
  private final StringBuilder md = new StringBuilder();
  private final Map<String, JFreeChart> charts = new LinkedHashMap<>();

  private ResultsPage(ReportModel model, String suiteFile) {
    this.model = model;
    this.suiteFile = suiteFile;
  }

  /**
   * Writes the page of {@code model}'s suite into {@code dir}; returns the page.
   *
   * @param suiteFile the suite file's text, for its opening comment (null if it is gone)
   */
  public static Path write(ReportModel model, String suiteFile, Path dir) throws IOException {
    ResultsPage page = new ResultsPage(model, suiteFile);
    page.render();
    String name = model.suite().name();
    Path charts = dir.resolve(name);
    Files.createDirectories(charts);
    for (Map.Entry<String, JFreeChart> c : page.charts.entrySet()) {
      Files.writeString(
          charts.resolve(c.getKey() + ".svg"),
          Svg.render(c.getValue(), 900, 480, c.getKey()),
          StandardCharsets.UTF_8);
    }
    Path file = dir.resolve(name + ".md");
    Files.writeString(file, page.md.toString(), StandardCharsets.UTF_8);
    return file;
  }

  private void render() {
    var suite = model.suite();
    line("# " + suite.name());
    line("");
    line(
        "<!-- written by streambench from the stored suite "
            + suite.suiteId()
            + "; regenerate with the command below, do not edit -->");
    line("");
    String header = header();
    if (!header.isEmpty()) {
      line(header);
      line("");
    }
    provenance();
    measured();
    searches();
    ranking();
  }

  /** The suite file's opening comment: what it reproduces and which figure it yields. */
  private String header() {
    if (suiteFile == null) {
      return "";
    }
    List<String> lines = new ArrayList<>();
    for (String l : suiteFile.split("\n")) {
      if (!l.startsWith("#")) {
        break;
      }
      lines.add(l.replaceFirst("^#\\s?", ""));
    }
    return String.join("\n", lines)
        .replace("Figure:", "**Figure:**")
        .replace("Figures:", "**Figures:**");
  }

  private void provenance() {
    var suite = model.suite();
    List<RunResult> runs = model.runs();
    RunResult first = runs.isEmpty() ? null : runs.get(0);
    line("## How it ran");
    line("");
    line("- Command: `./streambench suite " + suite.file() + " --publish`");
    line(
        String.format(
            "- Suite `%s`, %s, %s, %d runs%s",
            suite.suiteId(),
            suite.status(),
            took(suite.startedAt(), suite.finishedAt()),
            runs.size(),
            invalid(runs)));
    if (first != null) {
      line("- streambench " + Provenances.tool(first));
      line("- Machine: " + Provenances.host(first));
    }
    Map<String, String> engines = new LinkedHashMap<>();
    runs.forEach(r -> engines.putIfAbsent(r.engine(), Provenances.engineVersion(r)));
    engines.forEach((e, v) -> line("- " + e + ": " + v));
    line("");
  }

  private static String took(String startedAt, String finishedAt) {
    if (startedAt == null || finishedAt == null) {
      return "unfinished";
    }
    Duration d = Duration.between(Instant.parse(startedAt), Instant.parse(finishedAt));
    return String.format("took %d min %d s", d.toMinutes(), d.toSecondsPart());
  }

  private static String invalid(List<RunResult> runs) {
    long bad = runs.stream().filter(r -> !r.completedValid()).count();
    return bad == 0
        ? ", all valid"
        : String.format(" (%d not valid, left out of every figure)", bad);
  }

  private void measured() {
    List<Configuration> measured = model.measured();
    if (measured.isEmpty()) {
      return;
    }
    List<Figure> columns = SummarySection.columns(measured);
    line("## Figures");
    line("");
    line("Median over each configuration's valid runs, with [min–max] when it has several.");
    line("");
    List<String> header = new ArrayList<>(List.of("configuration", "runs", "verdicts"));
    columns.forEach(f -> header.add(f.label() + " (" + f.unit() + ")"));
    row(header);
    row(header.stream().map(h -> "---").toList());
    for (Configuration c : measured) {
      List<String> cells = new ArrayList<>();
      cells.add(c.name());
      cells.add(c.repetitions());
      cells.add(Verdicts.of(c).text());
      columns.forEach(f -> cells.add(spread(c.spread(f))));
      row(cells);
    }
    line("");
    Map<String, Spread> in = new LinkedHashMap<>();
    measured.forEach(c -> in.put(c.name(), c.spread(Figure.THROUGHPUT_IN)));
    chart(
        "throughput",
        BarCharts.medianWithRange(
            "Throughput in (steady state)",
            "bar: median over valid runs; line: min–max",
            "input records/s",
            in));
    List<RateCurve> curves = RateCurve.of(measured);
    if (curves.size() > 1) {
      chart("p99-vs-rate", RateCurveChart.compareP99(curves));
    }
  }

  private void searches() {
    List<Configuration> searches = model.searches();
    if (searches.isEmpty()) {
      return;
    }
    line("## Sustainable rate");
    line("");
    Map<String, Spread> found = new LinkedHashMap<>();
    for (Configuration c : searches) {
      for (PointOutcome p : c.points()) {
        if (p.search() == null) {
          continue;
        }
        found.merge(
            c.name(),
            Spread.of(List.of((double) p.search().sustainableRate())),
            (a, b) -> Spread.of(List.of(a.median(), b.median())));
        line(
            String.format(
                "- **%s** (repetition %d): %,d records/s, %s after %d trials",
                c.name(),
                p.repetition(),
                p.search().sustainableRate(),
                p.search().converged()
                    ? "converged"
                    : "NOT converged (" + p.search().stopReason() + ")",
                p.search().trials().size()));
        for (PointOutcome.Trial t : p.search().trials()) {
          line(
              String.format(
                  "  - %,d records/s: %s, %s",
                  t.rate(), t.sustainable() ? "sustainable" : "not sustainable", t.reason()));
        }
      }
    }
    line("");
    chart(
        "sustainable",
        BarCharts.medianWithRange(
            "Highest sustainable rate", "bar: median over repetitions", "records/s", found));
  }

  /** Where configurations differ only in engine: the engines by throughput, and by p99. */
  private void ranking() {
    Map<Map<String, String>, List<Configuration>> groups = new LinkedHashMap<>();
    for (Configuration c : model.measured()) {
      Map<String, String> rest = new LinkedHashMap<>(c.labels());
      rest.remove("engine");
      groups.computeIfAbsent(rest, k -> new ArrayList<>()).add(c);
    }
    List<String> lines = new ArrayList<>();
    for (var g : groups.entrySet()) {
      if (g.getValue().size() < 2) {
        continue;
      }
      lines.add("- " + describe(g.getKey()) + ":");
      lines.add("  - " + ranked(g.getValue(), Figure.THROUGHPUT_IN, true));
      lines.add("  - " + ranked(g.getValue(), Figure.E2E_P99, false));
    }
    if (lines.isEmpty()) {
      return;
    }
    line("## Engines against each other");
    line("");
    lines.forEach(this::line);
    line("");
  }

  private String ranked(List<Configuration> configurations, Figure figure, boolean higherIsBetter) {
    List<Configuration> withValue =
        configurations.stream().filter(c -> c.spread(figure).n() > 0).toList();
    if (withValue.isEmpty()) {
      return figure.label() + ": no valid run";
    }
    List<Configuration> sorted = new ArrayList<>(withValue);
    sorted.sort(
        (a, b) ->
            Double.compare(a.spread(figure).median(), b.spread(figure).median())
                * (higherIsBetter ? -1 : 1));
    double best = sorted.get(0).spread(figure).median();
    List<String> parts = new ArrayList<>();
    for (Configuration c : sorted) {
      double v = c.spread(figure).median();
      parts.add(
          String.format(
              "%s %s%s",
              c.labels().get("engine"),
              number(v),
              c == sorted.get(0) ? "" : String.format(" (%.2f×)", v / best)));
    }
    return figure.label() + " (" + figure.unit() + "): " + String.join(", ", parts);
  }

  private String describe(Map<String, String> labels) {
    List<String> parts = new ArrayList<>();
    labels.forEach(
        (k, v) -> {
          if (!v.equals(model.common().get(k))) {
            parts.add(k + "=" + v);
          }
        });
    return parts.isEmpty() ? "every engine" : String.join(" ", parts);
  }

  private void chart(String name, JFreeChart chart) {
    charts.put(name, chart);
    line("![" + name + "](" + model.suite().name() + "/" + name + ".svg)");
    line("");
  }

  private static String spread(Spread s) {
    if (s.n() == 0) {
      return "–";
    }
    return s.n() == 1
        ? number(s.median())
        : number(s.median()) + " [" + number(s.min()) + "–" + number(s.max()) + "]";
  }

  private static String number(double v) {
    return Math.abs(v) >= 100 ? String.format("%,.0f", v) : String.format("%.1f", v);
  }

  private void row(List<String> cells) {
    line("| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |");
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
