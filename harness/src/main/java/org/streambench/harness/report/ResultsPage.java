package org.streambench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.streambench.harness.report.chart.BarCharts;
import org.streambench.harness.report.chart.RateCurveChart;
import org.streambench.harness.report.chart.Svg;
import org.streambench.harness.report.chart.WindowShareChart;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.MedianInterval;
import org.streambench.harness.report.model.RateCurve;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.RigFloor;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.suite.LatencyObjective;
import org.streambench.harness.suite.SuiteSpec;

/**
 * A suite's results page ({@code docs/results/<suite>.md}, charts in {@code <suite>/*.svg}) read
 * from the stored suite, nothing typed in: what it reproduces, its headline comparison ({@link
 * HeadlineSection}), how it ran, medians with intervals, searches, faults, the rig's floor,
 * run-to-run noise, engines ranked (resolved or not).
 */
public final class ResultsPage {
  private final ReportModel model;
  private final String suiteFile;
  private final String regenerate;
  private final List<SameConfigurations.Match> others;
  private final StringBuilder md = new StringBuilder();
  private final Map<String, JFreeChart> charts = new LinkedHashMap<>();

  private ResultsPage(
      ReportModel model,
      String suiteFile,
      String regenerate,
      List<SameConfigurations.Match> others) {
    this.model = model;
    this.suiteFile = suiteFile;
    this.regenerate = regenerate;
    this.others = others;
  }

  /**
   * The page's markdown as {@link #write} writes it, charts not drawn: what a published page is
   * checked against.
   */
  public static String markdown(
      ReportModel model,
      String suiteFile,
      String regenerate,
      List<SameConfigurations.Match> others) {
    ResultsPage page = new ResultsPage(model, suiteFile, regenerate, others);
    page.render();
    return page.md.toString();
  }

  /**
   * Writes the page of {@code model}'s suite into {@code dir}; returns the page.
   *
   * @param suiteFile the suite file's text, for its opening comment (null if it is gone)
   * @param regenerate the command that runs the stored suite again, null if its file changed
   * @param others its configurations that other published suites measured too ({@link
   *     SameConfigurations})
   */
  public static Path write(
      ReportModel model,
      String suiteFile,
      String regenerate,
      List<SameConfigurations.Match> others,
      Path dir)
      throws IOException {
    ResultsPage page = new ResultsPage(model, suiteFile, regenerate, others);
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
    List<SuiteSpec.Headline> headlines =
        suiteFile == null ? List.of() : SuiteSpec.headlinesIn(suiteFile);
    for (SuiteSpec.Headline headline : headlines) {
      HeadlineSection.lines(model, headline).forEach(this::line);
    }
    if (!headlines.isEmpty()) {
      line(HeadlineSection.NOTE);
      line("");
    }
    String disagreement = SameConfigurations.disagreement(others);
    if (disagreement != null) {
      line(
          "**This page disagrees "
              + disagreement
              + ": see [the same configuration on other pages]"
              + "(#the-same-configuration-on-other-pages).**");
      line("");
    }
    HowItRan.lines(model.suite(), model.runs(), model.configurations(), regenerate)
        .forEach(this::line);
    measured();
    searches();
    faults();
    shares();
    NoiseLines.section(model).forEach(this::line);
    ranking();
    SameConfigurations.lines(others).forEach(this::line);
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

  private void measured() {
    List<Configuration> measured = model.measured();
    if (measured.isEmpty()) {
      return;
    }
    List<Figure> columns = SummarySection.columns(measured);
    line("## Figures");
    line("");
    line("Median over each configuration's valid runs, with [low–high] when it has several.");
    line("");
    SuiteSpec spec = SuiteSpec.fromJson(model.suite().specJson());
    LatencyObjective objective = spec.objective();
    List<String> header = new ArrayList<>(List.of("configuration", "runs", "verdicts"));
    columns.forEach(f -> header.add(f.label() + " (" + f.unit() + ")"));
    row(header);
    row(header.stream().map(h -> "---").toList());
    for (Configuration c : measured) {
      List<String> cells = new ArrayList<>();
      cells.add(c.name());
      cells.add(c.repetitions());
      cells.add(Verdicts.of(c, objective).text());
      columns.forEach(f -> cells.add(spread(c.spread(f))));
      row(cells);
    }
    line("");
    line(
        MedianInterval.note(
            measured.stream().flatMap(c -> columns.stream().map(c::spread)).toList()));
    line("");
    List<String> floor = RigFloor.lines(measured);
    if (!floor.isEmpty()) {
      line(String.join(" ", floor));
      line("");
    }
    List<String> shortDrains =
        "drain".equals(spec.mode()) && spec.drainSeconds() > 0
            ? ShortDrains.of(measured, spec.drainSeconds())
            : List.of();
    if (!shortDrains.isEmpty()) {
      line(
          "Steady part short of the "
              + spec.drainSeconds()
              + " s target (resizing stopped at the record limit, after 3 resizes, or when a"
              + " longer drain drained no more): "
              + String.join(", ", shortDrains)
              + ".");
      line("");
    }
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
    JFreeChart windows = WindowShareChart.of(measured);
    if (windows != null) {
      chart("windows-complete", windows);
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
      found.put(c.name(), EngineRanking.sustainable(c));
      for (PointOutcome p : c.points()) {
        if (p.search() == null) {
          continue;
        }
        double perCore =
            EngineRanking.perCoreAtSustainable(c, p.search(), Figure.IN_PER_ENGINE_CORE);
        double perGiven =
            EngineRanking.perCoreAtSustainable(c, p.search(), Figure.IN_PER_GIVEN_CORE);
        line(
            String.format(
                "- **%s** (repetition %d): %,d records/s%s, %s after %d trials",
                c.name(),
                p.repetition(),
                p.search().sustainableRate(),
                Double.isNaN(perCore)
                    ? ""
                    : " ("
                        + Format.number(perCore)
                        + " per engine core there"
                        + (Double.isNaN(perGiven)
                            ? ""
                            : ", " + Format.number(perGiven) + " per core it was given")
                        + ")",
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
            "Highest sustainable rate",
            "bar: median over repetitions; line: min–max",
            "records/s",
            found));
  }

  /** Every fault of every run, valid or not: a guarantee broken under a fault is the finding. */
  private void faults() {
    if (!FaultSection.applies(model)) {
      return;
    }
    line("## Faults and recovery");
    line("");
    row(FaultSection.HEADER);
    row(FaultSection.HEADER.stream().map(h -> "---").toList());
    FaultSection.rows(model).forEach(this::row);
    line("");
    line(FaultSection.NOTE);
    line("");
  }

  /** Each worker's share: spares, and who took over after a fault. */
  private void shares() {
    if (!ShareSection.applies(model)) {
      return;
    }
    line("## Workers' shares");
    line("");
    row(ShareSection.HEADER);
    row(ShareSection.HEADER.stream().map(h -> "---").toList());
    ShareSection.rows(model).forEach(this::row);
    line("");
    line(ShareSection.NOTE);
    line("");
  }

  private void ranking() {
    List<String> lines = EngineRanking.lines(model);
    if (lines.isEmpty()) {
      return;
    }
    line("## Engines against each other");
    line("");
    line(EngineRanking.NOTE);
    line("");
    lines.forEach(this::line);
    line("");
  }

  private void chart(String name, JFreeChart chart) {
    charts.put(name, chart);
    line("![" + name + "](" + model.suite().name() + "/" + name + ".svg)");
    line("");
  }

  static String spread(Spread s) {
    if (s.n() == 0) {
      return "–";
    }
    return s.n() == 1
        ? number(s.median())
        : number(s.median())
            + " ["
            + number(s.interval().low())
            + "–"
            + number(s.interval().high())
            + "]";
  }

  static String number(double v) {
    return Math.abs(v) >= 100 ? String.format("%,.0f", v) : String.format("%.1f", v);
  }

  private void row(List<String> cells) {
    line("| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |");
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
