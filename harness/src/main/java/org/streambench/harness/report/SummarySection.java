package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.RigFloor;
import org.streambench.harness.report.model.SettingDifference;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.PointOutcome;

/**
 * The report's opening tables: every configuration's headline figures (median and range over its
 * valid runs), and for configurations that differ in one setting, whether their difference is
 * resolved ({@link Resolution}).
 */
final class SummarySection {
  static final List<Figure> COLUMNS =
      List.of(
          Figure.THROUGHPUT_IN,
          Figure.THROUGHPUT_OUT,
          Figure.IN_PER_ENGINE_CORE,
          Figure.IN_PER_GIVEN_CORE,
          Figure.E2E_P50,
          Figure.E2E_P99,
          Figure.E2E_P999,
          Figure.ENGINE_CORES,
          Figure.BROKER_CORES,
          Figure.DRIVER_CORES,
          Figure.ENGINE_PEAK_RSS);
  private static final List<Figure> COMPARED = List.of(Figure.THROUGHPUT_IN, Figure.E2E_P99);
  private static final int MAX_PAIRS = 200;

  private SummarySection() {}

  static void write(Html h, ReportModel m) {
    if (!m.measured().isEmpty()) {
      writeMeasured(h, m.measured());
      RigFloor.lines(m.measured()).forEach(line -> h.element("p", null, line));
      writeOverlaps(h, m.measured());
    }
    if (!m.searches().isEmpty()) {
      writeSearches(h, m.searches());
    }
  }

  /**
   * The headline columns, the engine-internal latency beside the end-to-end one, Nexmark's Cores ×
   * Time beside the cores where some run is of a Nexmark query, and those of state and memory and
   * of the workload (YSB's window latency), each where a configuration has it; the engine's storage
   * I/O where a configuration's is more than its logs ({@link Figure#OF_DISK}).
   */
  static List<Figure> columns(List<Configuration> measured) {
    List<Figure> columns = new ArrayList<>(COLUMNS);
    columns.addAll(
        columns.indexOf(Figure.E2E_P999) + 1,
        Figure.OF_ENGINE_LATENCY.stream().filter(f -> hasSome(measured, f)).toList());
    if (measured.stream()
        .flatMap(c -> c.runs().stream())
        .anyMatch(r -> r.workload().startsWith("nexmark-"))) {
      columns.addAll(columns.indexOf(Figure.BROKER_CORES) + 1, Figure.OF_NEXMARK);
    }
    List<Figure> optional = new ArrayList<>(Figure.OF_WORKLOAD);
    optional.addAll(Figure.STATE_AND_MEMORY);
    optional.stream().filter(f -> hasSome(measured, f)).forEach(columns::add);
    if (Figure.OF_DISK.stream()
        .anyMatch(f -> measured.stream().anyMatch(c -> moreThanLogs(c, f)))) {
      columns.addAll(Figure.OF_DISK);
    }
    Stream.of(Figure.OF_MACHINE, Figure.OF_FAULTS)
        .flatMap(List::stream)
        .filter(f -> hasSome(measured, f))
        .forEach(columns::add);
    return columns;
  }

  private static boolean moreThanLogs(Configuration c, Figure disk) {
    return c.spread(disk).n() > 0 && c.spread(disk).median() >= Figure.DISK_SHOWN;
  }

  private static boolean hasSome(List<Configuration> measured, Figure f) {
    return measured.stream().anyMatch(c -> c.spread(f).n() > 0);
  }

  private static void writeMeasured(Html h, List<Configuration> measured) {
    h.open("table", "summary");
    List<Figure> columns = columns(measured);
    List<String> header = new ArrayList<>(List.of("configuration", "runs", "verdicts"));
    columns.forEach(f -> header.add(f.label() + " (" + f.unit() + ")"));
    h.open("thead", null).row(true, header.toArray(String[]::new)).close("thead");
    h.open("tbody", null);
    for (Configuration c : measured) {
      h.raw("<tr>");
      h.raw("<td><a href=\"#" + anchor(c) + "\">").text(c.name()).raw("</a></td>");
      h.element("td", "nowrap", c.repetitions());
      Verdicts v = Verdicts.of(c);
      h.element("td", v.cssClass() + " nowrap", v.text());
      for (Figure f : columns) {
        spreadCell(h, c.spread(f));
      }
      h.raw("</tr>\n");
    }
    h.close("tbody").close("table");
    h.element(
        "p",
        "note",
        "Each figure: median over the configuration's valid runs, with its confidence interval"
            + " under it when it has several (order statistics: min–max up to 8 runs, narrower from 9;"
            + " in brackets the share of such intervals that cover the true"
            + " median, under 95% with fewer than 6 runs)."
            + " Invalid or failed runs are left out of every figure and chart line, and listed under"
            + " Runs with their reasons.");
  }

  private static void writeSearches(Html h, List<Configuration> searches) {
    h.element("h3", null, "Sustainable-throughput searches");
    h.open("table", "summary");
    h.open("thead", null)
        .row(
            true,
            "configuration",
            "searches",
            "highest sustainable rate (rec/s)",
            "in per engine core there (rec/s)",
            "in per given core there (rec/s)",
            "converged")
        .close("thead");
    h.open("tbody", null);
    for (Configuration c : searches) {
      List<PointOutcome.SearchOutcome> outcomes =
          c.points().stream().map(PointOutcome::search).filter(Objects::nonNull).toList();
      Spread found = Spread.of(outcomes.stream().map(s -> (double) s.sustainableRate()).toList());
      long converged = outcomes.stream().filter(PointOutcome.SearchOutcome::converged).count();
      h.raw("<tr>");
      h.raw("<td><a href=\"#" + anchor(c) + "\">").text(c.name()).raw("</a></td>");
      h.element("td", "num", Integer.toString(c.points().size()));
      spreadCell(h, found);
      spreadCell(h, EngineRanking.sustainablePerCore(c, Figure.IN_PER_ENGINE_CORE));
      spreadCell(h, EngineRanking.sustainablePerCore(c, Figure.IN_PER_GIVEN_CORE));
      h.element(
          "td",
          converged == c.points().size() ? "good" : "warn",
          converged + " of " + c.points().size());
      h.raw("</tr>\n");
    }
    h.close("tbody").close("table");
  }

  static String anchor(Configuration c) {
    return "cfg-" + Integer.toHexString(c.key().hashCode());
  }

  /**
   * A cell with the median, and under it its confidence interval and the interval's coverage when
   * there are several values.
   */
  static void spreadCell(Html h, Spread s) {
    h.open("td", "num");
    if (s.n() == 0) {
      h.text("-");
    } else {
      h.text(Format.number(s.median()));
      if (s.n() > 1) {
        h.raw("<br><span class=\"range\">")
            .text(
                Format.number(s.interval().low())
                    + "–"
                    + Format.number(s.interval().high())
                    + " ("
                    + s.interval().coverageText()
                    + ")")
            .raw("</span>");
      }
    }
    h.close("td");
  }

  /** Pairs of configurations that differ in exactly one setting other than the rate. */
  private static void writeOverlaps(Html h, List<Configuration> configurations) {
    List<String[]> rows = new ArrayList<>();
    for (int i = 0; i < configurations.size() && rows.size() < MAX_PAIRS; i++) {
      for (int j = i + 1; j < configurations.size() && rows.size() < MAX_PAIRS; j++) {
        Configuration a = configurations.get(i);
        Configuration b = configurations.get(j);
        String varied = SettingDifference.of(a.labels(), b.labels());
        if (varied != null && !varied.equals("rate")) {
          List<String> row = new ArrayList<>(List.of(varied, a.name(), b.name()));
          COMPARED.forEach(f -> row.add(Resolution.of(a.spread(f), b.spread(f)).text()));
          rows.add(row.toArray(String[]::new));
        }
      }
    }
    if (rows.isEmpty()) {
      return;
    }
    h.element("h3", null, "Configurations that differ in one setting");
    h.element(
        "p",
        "note",
        "A difference is resolved when the two medians' confidence intervals (order statistics"
            + " over the valid runs) share no value; otherwise it is not resolved, and the smallest"
            + " difference these repetitions could resolve is given (the intervals' half-widths"
            + " added, as a share of A). A single run has no interval: repeat it before"
            + " concluding.");
    h.open("table", "summary");
    List<String> header = new ArrayList<>(List.of("setting", "A", "B"));
    COMPARED.forEach(f -> header.add(f.label()));
    h.open("thead", null).row(true, header.toArray(String[]::new)).close("thead");
    h.open("tbody", null);
    rows.forEach(r -> h.row(false, r));
    h.close("tbody").close("table");
  }
}
