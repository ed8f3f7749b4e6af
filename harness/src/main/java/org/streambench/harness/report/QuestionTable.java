package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streambench.harness.report.ResultsIndex.Entry;
import org.streambench.harness.report.model.Resolution;

/**
 * The index's opening table: each study's questions beside streambench's answers, the headline
 * sentences of the pages whose suites state the question, with how many of their differences are
 * resolved at the suite's noise, and the study's questions that cannot be measured here, with why.
 */
final class QuestionTable {
  private QuestionTable() {}

  /**
   * How many of the headlines' differences (each value after the best against the best) are
   * resolved, within the noise, or from single runs; and how many values are lower bounds.
   */
  static String resolution(
      List<HeadlineSection.Group> groups, List<HeadlineSection.Control> controls) {
    List<String> parts = new ArrayList<>();
    if (!groups.isEmpty() || controls.isEmpty()) {
      parts.add(resolution(groups));
    }
    for (HeadlineSection.Control c : controls) {
      parts.add(
          c.judged() == 0
              ? "control " + c.name() + " not judged"
              : String.format(
                  "control %s: %d false alarm%s in %d pair%s",
                  c.name(),
                  c.falseAlarms(),
                  c.falseAlarms() == 1 ? "" : "s",
                  c.judged(),
                  c.judged() == 1 ? "" : "s"));
    }
    return String.join("; ", parts);
  }

  static String resolution(List<HeadlineSection.Group> groups) {
    Map<Resolution.Kind, Integer> kinds = new EnumMap<>(Resolution.Kind.class);
    int lowerBounds = 0;
    for (HeadlineSection.Group g : groups) {
      g.verdicts().forEach(v -> kinds.merge(v.kind(), 1, Integer::sum));
      lowerBounds += g.lowerBounds();
    }
    int total = kinds.values().stream().mapToInt(Integer::intValue).sum();
    if (total == 0) {
      return "no two values to compare";
    }
    List<String> parts = new ArrayList<>();
    parts.add(
        kinds.getOrDefault(Resolution.Kind.RESOLVED, 0)
            + " of "
            + total
            + (total == 1 ? " difference" : " differences")
            + " resolved");
    count(parts, kinds, Resolution.Kind.NOT_RESOLVED, "within the noise");
    count(parts, kinds, Resolution.Kind.NO_ESTIMATE, "from single runs (no noise estimate)");
    count(parts, kinds, Resolution.Kind.NO_VALUE, "without a value");
    if (lowerBounds > 0) {
      parts.add(
          lowerBounds
              + (lowerBounds == 1 ? " value is a lower bound" : " values are lower bounds")
              + " (a search that did not converge)");
    }
    return String.join("; ", parts);
  }

  private static void count(
      List<String> parts, Map<Resolution.Kind, Integer> kinds, Resolution.Kind kind, String what) {
    int n = kinds.getOrDefault(kind, 0);
    if (n > 0) {
      parts.add(n + " " + what);
    }
  }

  /**
   * Each study's questions, those its suites answer (the headline sentences of their pages and how
   * many of their differences are resolved) and those that cannot be measured here, with why.
   */
  static void append(StringBuilder md, List<Entry> entries, Studies studies) {
    md.append("## Each study's questions, and streambench's answers\n\n")
        .append(
            """
            Each suite states the question it answers and the study it comes from (`question:` and
            `study:` in its file); the answer is its page's headline, computed from the stored
            suite, with how many of its differences (each value against the best) are resolved at
            the noise the suite measured. A question that cannot be measured here says why.

            | study | question | streambench's answer | resolution | page |
            |---|---|---|---|---|
            """);
    Set<String> known = new HashSet<>();
    for (Studies.Study study : studies.studies()) {
      known.add(study.id());
      String title = study.title();
      for (Entry e : entries) {
        if (study.id().equals(e.study())) {
          row(md, title, e, studies.processor());
          title = "";
        }
      }
      for (Studies.NotMeasured q : study.notMeasured()) {
        md.append(
            String.format(
                "| %s | %s | not measured here | %s | – |\n",
                ResultsIndex.cell(title),
                ResultsIndex.cell(q.question()),
                ResultsIndex.cell(q.why())));
        title = "";
      }
    }
    String title = "not tied to a study";
    for (Entry e : entries) {
      if (!known.contains(e.study())) {
        row(md, title, e, studies.processor());
        title = "";
      }
    }
    md.append("\n");
  }

  private static void row(StringBuilder md, String title, Entry e, String processor) {
    String answer = e.headlines().isEmpty() ? "–" : String.join("<br>", e.headlines());
    String resolution = e.resolution();
    String page = "[" + e.page() + "](" + e.page() + ".md)";
    if (e.status() == Entry.Status.UNPUBLISHED) {
      answer = "not measured yet";
      resolution = "no page yet: run its suite";
      page = "`suites/" + e.page() + ".yaml`";
    } else if (e.status() == Entry.Status.NOT_CHECKABLE) {
      answer = "–";
      resolution = "its page is not checkable: run its suite again";
    } else if (!e.measuredOn(processor)) {
      answer = "–";
      resolution =
          (e.machine() == null
                  ? "measured on a processor its page does not name"
                  : "measured on another processor (" + e.machine() + ")")
              + ": run its suite again here";
    }
    md.append(
        String.format(
            "| %s | %s | %s | %s | %s |\n",
            ResultsIndex.cell(title),
            ResultsIndex.cell(e.suite() == null ? null : e.suite().question()),
            ResultsIndex.cell(answer),
            ResultsIndex.cell(resolution),
            page));
  }
}
