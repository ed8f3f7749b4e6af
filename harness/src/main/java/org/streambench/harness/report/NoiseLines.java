package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.MachineDrift;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.RoundEffect;
import org.streambench.harness.report.model.RunToRunNoise;
import org.streambench.harness.report.model.Spread;

/**
 * A results page's section on the suite's run-to-run noise ({@link RunToRunNoise}) in every figure
 * it shows, how much of it the machine's own speed explains ({@link MachineDrift}) and whether one
 * round of repetitions ran below the others ({@link RoundEffect}).
 */
final class NoiseLines {
  private NoiseLines() {}

  /** The page's section on the suite's run-to-run noise. */
  static List<String> section(ReportModel model) {
    List<String> lines = new ArrayList<>();
    lines.add("## This suite's run-to-run noise");
    lines.add("");
    lines.add(
        "Each configuration with two or more valid runs is an A/A sample: its relative spread,"
            + " (max − min) / median, is how far a figure moved when only the run changed.");
    lines.add("");
    lines.addAll(runToRun(model));
    MachineDrift.line(model.measured()).ifPresent(l -> lines.add("- " + l));
    RoundEffect.line(model.measured()).ifPresent(l -> lines.add("- " + l));
    lines.add("");
    return lines;
  }

  /**
   * The suite's run-to-run noise in each figure of the page's table and in its searches; a
   * fixed-rate configuration's input is left out, as it is the rate it was offered.
   */
  static List<String> runToRun(ReportModel model) {
    Map<String, Map<String, Spread>> byFigure = new LinkedHashMap<>();
    List<Configuration> measured = model.measured();
    if (!measured.isEmpty()) {
      for (Figure f : SummarySection.columns(measured)) {
        Map<String, Spread> spreads = new LinkedHashMap<>();
        measured.stream()
            .filter(c -> f.isMeasuredIn(c.validRuns()))
            .forEach(c -> spreads.put(c.name(), c.spread(f)));
        byFigure.put(f.label() + " (" + f.unit() + ")", spreads);
      }
    }
    if (!model.searches().isEmpty()) {
      Map<String, Spread> spreads = new LinkedHashMap<>();
      model.searches().forEach(c -> spreads.put(c.name(), EngineRanking.sustainable(c)));
      byFigure.put("sustainable rate (rec/s)", spreads);
    }
    return RunToRunNoise.lines(byFigure).stream().map(l -> "- " + l).toList();
  }
}
