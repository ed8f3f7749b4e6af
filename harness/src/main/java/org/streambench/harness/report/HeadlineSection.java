package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.RigFloor;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The comparison a suite's page opens with ({@link SuiteSpec.Headline}), in sentences computed from
 * the stored suite: within each combination of the other dimensions, the compared values best
 * first, each other one as a ratio of the best and resolved or not at the noise its repetitions
 * measured; searches that did not converge said as lower bounds, values without a valid run named.
 */
public final class HeadlineSection {
  /** The headline figure that is not a column of the page's table: a search's rate. */
  static final String SUSTAINABLE = "sustainable";

  /**
   * Labels whose value follows from another's: a local point has no workers, and a suite that
   * sweeps parallelism alone gives each point as many partitions.
   */
  private static final Map<String, Set<String>> FOLLOWING =
      Map.of("deployment", Set.of("workers"), "parallelism", Set.of("partitions"));

  /** What the ratios and verdicts of every headline mean: said once, after the last. */
  static final String NOTE = EngineRanking.NOTE.replace("Each engine after", "Each value after");

  private HeadlineSection() {}

  /** Refuses, in one line, a headline whose figure the pages do not have. */
  public static void check(SuiteSpec.Headline headline) {
    if (!SUSTAINABLE.equals(headline.figure())
        && !SmallestValid.ID.equals(headline.figure())
        && Figure.byId(headline.figure()) == null) {
      throw new UsageException(
          "headline: unknown figure '"
              + headline.figure()
              + "'; one of "
              + SUSTAINABLE
              + ", "
              + SmallestValid.ID
              + ", "
              + String.join(", ", Arrays.stream(Figure.values()).map(Figure::id).toList()));
    }
  }

  /**
   * A headline computed: its title, and per group of configurations alike but for the compared
   * dimension, one sentence (the values ranked) with the notes under it.
   */
  record Section(String title, List<Group> groups, String across, Control control) {}

  /**
   * The false alarms of a headline's control ({@link SuiteSpec.Headline#control}): among the groups
   * that compare the control with one other value alone, how many differences the rule calls
   * resolved, and how many it could judge at all.
   *
   * @param name the control as the page names it ({@code variant=control})
   * @param pairs groups of the control and one other value
   * @param judged pairs with a noise estimate on both sides
   * @param falseAlarms judged pairs called resolved
   */
  record Control(String name, int pairs, int judged, int falseAlarms) {
    /** One sentence: what the control is, and its false alarms. */
    String sentence() {
      String what =
          "Control: "
              + name
              + " runs the same configuration as the value it is set beside, so a difference"
              + " called resolved between the two is a false alarm of the rule that judges the"
              + " others. ";
      if (judged == 0) {
        return what
            + (pairs == 0
                ? "It was not measured beside one other value alone."
                : pairs == 1
                    ? "Its one pair has no noise estimate on both sides."
                    : "None of its " + pairs + " pairs has a noise estimate on both sides.");
      }
      return what
          + String.format(
              "False alarms: %d of %d %s (%s)%s.",
              falseAlarms,
              judged,
              judged == 1 ? "pair" : "pairs",
              Resolution.percent((double) falseAlarms / judged),
              pairs > judged ? "; " + (pairs - judged) + " without a noise estimate" : "");
    }
  }

  /**
   * One ranked sentence and its notes (lower bounds, values without a valid run).
   *
   * @param verdicts each value after the best against the best, as the sentence judges it
   * @param lowerBounds how many of its values are searches that did not converge
   */
  record Group(String sentence, List<String> notes, List<Resolution> verdicts, int lowerBounds) {}

  /** The section's markdown lines, the blank line that closes it included. */
  static List<String> lines(ReportModel model, SuiteSpec.Headline headline) {
    Section section = of(model, headline);
    List<String> lines = new ArrayList<>();
    lines.add("## Headline: " + section.title());
    lines.add("");
    if (section.groups().isEmpty()) {
      lines.add("No two configurations of this suite differ in " + section.across() + " alone.");
    }
    for (Group g : section.groups()) {
      lines.add("- " + g.sentence());
      g.notes().forEach(n -> lines.add("  - " + n));
    }
    if (section.control() != null) {
      lines.add("");
      lines.add(section.control().sentence());
    }
    lines.add("");
    return lines;
  }

  /** The headline computed from {@code model}'s stored runs. */
  static Section of(ReportModel model, SuiteSpec.Headline headline) {
    check(headline);
    String across = headline.across();
    if (SmallestValid.ID.equals(headline.figure())) {
      return SmallestValid.section(model, across, FOLLOWING.getOrDefault(across, Set.of()));
    }
    Figure figure = Figure.byId(headline.figure());
    String label = figure == null ? "sustainable rate (records/s)" : EngineRanking.label(figure);
    Function<Configuration, Spread> value =
        figure == null ? EngineRanking::sustainable : c -> c.spread(figure);
    boolean higherIsBetter = figure == null || figure.higherIsBetter();

    Map<Map<String, String>, List<Configuration>> groups =
        EngineRanking.groups(
            figure == null ? model.searches() : model.measured(),
            across,
            FOLLOWING.getOrDefault(across, Set.of()));
    List<Group> out = new ArrayList<>();
    int pairs = 0;
    int judged = 0;
    int falseAlarms = 0;
    for (var g : groups.entrySet()) {
      String sentence =
          EngineRanking.describe(g.getKey(), model.common(), "every configuration")
              + ": "
              + EngineRanking.ranked(g.getValue(), across, label, value, higherIsBetter);
      List<String> notes = new ArrayList<>();
      int lowerBounds = 0;
      for (Configuration c : g.getValue()) {
        String name = Format.label(across, c.labels().get(across));
        long without =
            figure == null
                ? 0
                : c.validRuns().stream().filter(r -> Double.isNaN(figure.of(r))).count();
        if (value.apply(c).n() == 0 && (figure == null || c.validRuns().isEmpty())) {
          notes.add(name + ": no valid run (" + Verdicts.of(c).text() + ")");
        } else if (without > 0) {
          // a fault not recovered has no recovery time: the runs that have one do not speak for it
          notes.add(
              String.format(
                  "%s: %d of its %d valid runs without a value (%s), left out",
                  name, without, c.validRuns().size(), Verdicts.of(c).text()));
        } else if (figure == null) {
          var open = c.unconvergedSearch();
          if (open.isPresent()) {
            lowerBounds++;
            notes.add(
                name
                    + ": a lower bound, its search did not converge ("
                    + open.get().stopReason()
                    + ")");
          }
        }
      }
      List<Long> rates = g.getValue().stream().map(Configuration::rate).distinct().toList();
      if (figure != null && rates.size() == 1) {
        RigFloor.note(model.measured(), rates.get(0), figure).ifPresent(notes::add);
      }
      List<Resolution> verdicts = EngineRanking.verdicts(g.getValue(), value, higherIsBetter);
      out.add(new Group(sentence, notes, verdicts, lowerBounds));
      if (comparesControlAlone(g.getValue(), across, headline.control())) {
        pairs++;
        Resolution.Kind kind = verdicts.get(0).kind();
        if (kind == Resolution.Kind.RESOLVED || kind == Resolution.Kind.NOT_RESOLVED) {
          judged++;
          falseAlarms += kind == Resolution.Kind.RESOLVED ? 1 : 0;
        }
      }
    }
    Control control =
        headline.control() == null
            ? null
            : new Control(Format.label(across, headline.control()), pairs, judged, falseAlarms);
    return new Section(label + " across " + across, out, across, control);
  }

  /** Whether a group's values are the control and one other value. */
  private static boolean comparesControlAlone(
      List<Configuration> group, String across, String control) {
    Set<String> values = new HashSet<>();
    group.forEach(c -> values.add(c.labels().get(across)));
    return control != null && group.size() == 2 && values.size() == 2 && values.contains(control);
  }
}
