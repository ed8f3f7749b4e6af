package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The index of the published pages ({@code docs/results/README.md}), generated from their stored
 * suites and suite files as the pages are (a page published before pages kept their suite: from its
 * own lines), nothing typed in. It opens with each study's questions beside streambench's answers
 * ({@link QuestionTable}). Then one row per page with what its suite measures (the suite file's
 * description, which holds no measured figure), where and when it ran, and whether the page is
 * checked against the stored suite kept beside it; pages measured on another processor than the
 * standard one are set apart in an appendix.
 */
public final class ResultsIndex {
  /**
   * One page.
   *
   * @param page the page's name (its file without {@code .md})
   * @param suite what its suite file says of itself, null if the file is gone
   * @param suiteId the stored suite it was written from, null if the page does not say
   * @param machine cores, memory and processor, as the page gives them; null if it does not
   * @param repetitions how often each point of the suite ran, null if the page does not say
   * @param searchesOnly whether every point is a search (its standard is two, not three)
   * @param status whether its page is checked against the stored suite kept beside it, published
   *     before pages kept their suite, or not published yet
   * @param headlines the page's headline sentences, as it gives them
   * @param resolution how many of the headlines' differences are resolved, null without headlines
   * @param disagreement the page's line saying it disagrees with others beyond their noise, or null
   */
  public record Entry(
      String page,
      SuiteFileText suite,
      String suiteId,
      String machine,
      Integer repetitions,
      boolean searchesOnly,
      Status status,
      List<String> headlines,
      String resolution,
      String disagreement) {

    /**
     * What a suite file says of itself: its description, study and question (each may be null), and
     * whether every point is a search.
     */
    public record SuiteFileText(
        String description, String study, String question, boolean searchesOnly) {}

    /** Where a suite's page stands. */
    public enum Status {
      /** Checked against the stored suite kept beside it. */
      CHECKED,
      /** Published before pages kept their stored suite. */
      NOT_CHECKABLE,
      /** A shipped suite without a page. */
      UNPUBLISHED
    }

    /**
     * The entry of a page written from a stored suite, computed as its page is.
     *
     * @param suiteFile the suite file's text, for its headlines (null if it is gone)
     * @param others its configurations that other pages measured too
     */
    public static Entry ofStored(
        String page,
        ReportModel model,
        String suiteFile,
        List<SameConfigurations.Match> others,
        SuiteFileText suite) {
      List<String> headlines = new ArrayList<>();
      List<HeadlineSection.Group> groups = new ArrayList<>();
      List<HeadlineSection.Control> controls = new ArrayList<>();
      if (suiteFile != null) {
        for (SuiteSpec.Headline headline : SuiteSpec.headlinesIn(suiteFile)) {
          HeadlineSection.Section section = HeadlineSection.of(model, headline);
          section.groups().forEach(g -> headlines.add(section.title() + ", " + g.sentence()));
          // a control's differences are false alarms, counted apart from the answer's
          if (section.control() == null) {
            groups.addAll(section.groups());
          } else {
            controls.add(section.control());
          }
        }
      }
      String disagreement = SameConfigurations.disagreement(others);
      SuiteSpec spec = SuiteSpec.fromJson(model.suite().specJson());
      return new Entry(
          page,
          suite,
          model.suite().suiteId(),
          model.runs().isEmpty() ? null : machine(Provenances.host(model.runs().get(0))),
          spec.repetitions(),
          "sustainable".equals(spec.mode()),
          Status.CHECKED,
          headlines,
          groups.isEmpty() && controls.isEmpty()
              ? null
              : QuestionTable.resolution(groups, controls),
          disagreement == null ? null : "**Disagrees " + disagreement + "**");
    }

    /**
     * The entry of a page published before pages kept their stored suite, read from the lines its
     * "How it ran" section always has.
     */
    public static Entry ofUnchecked(String page, String markdown, SuiteFileText suite) {
      String suiteId = null;
      String machine = null;
      Integer repetitions = null;
      for (String line : markdown.split("\n")) {
        if (line.startsWith("- Suite `")) {
          suiteId = line.substring("- Suite `".length(), line.indexOf('`', "- Suite `".length()));
        } else if (line.startsWith("- Machine: ")) {
          machine = machine(line.substring("- Machine: ".length()));
        } else if (line.matches("- Parameters: \\d+ repetitions?\\b.*")) {
          repetitions = Integer.valueOf(line.replaceFirst("- Parameters: (\\d+) .*", "$1"));
        }
      }
      return new Entry(
          page,
          suite,
          suiteId,
          machine,
          repetitions,
          suite != null && suite.searchesOnly(), // its file today: the page does not say
          Status.NOT_CHECKABLE,
          List.of(),
          null,
          null);
    }

    /** The entry of a shipped suite that has no page yet, for its question. */
    public static Entry ofUnpublished(String suite, SuiteFileText text) {
      return new Entry(
          suite, text, null, null, null, false, Status.UNPUBLISHED, List.of(), null, null);
    }

    /** Cores, memory and processor: the first three parts of a page's machine line. */
    private static String machine(String host) {
      String[] parts = host.split(", ");
      return String.join(", ", List.of(parts).subList(0, Math.min(3, parts.length)));
    }

    String study() {
      return suite == null ? null : suite.study();
    }

    /** Its repetitions, and whether they fall short of the standard. */
    private String repetitionsCell() {
      if (repetitions == null) {
        return null;
      }
      int standard = searchesOnly ? SEARCHES : REPETITIONS;
      return repetitions < standard
          ? repetitions + " (below the standard, " + standard + ")"
          : repetitions.toString();
    }

    /** Whether it was measured on {@code processor} (any, where there is no standard). */
    boolean measuredOn(String processor) {
      return processor == null || machine != null && machine.endsWith(", " + processor);
    }
  }

  /** The standard: repetitions of every fixed-rate or drain point, and searches of a rate. */
  static final int REPETITIONS = 3;

  static final int SEARCHES = 2;

  private ResultsIndex() {}

  /** The index's markdown. */
  public static String markdown(List<Entry> entries, Studies studies) {
    String processor = studies.processor();
    StringBuilder md = new StringBuilder();
    md.append("# Results measured with streambench\n\n")
        .append(
            "<!-- written by streambench from the pages below and "
                + Studies.FILE
                + " (./streambench pages --rewrite); do not edit -->\n\n")
        .append(
            """
            One page per suite, each written by streambench from a stored suite (`--publish`):
            what the suite measures (its file's opening comment), how and where it ran, its figures
            with their intervals, every search with its trials, the suite's own run-to-run noise,
            the engines against each other (resolved or not at that noise) and charts. The stored
            suite is kept beside its page (`<page>/suite.json`), and `./streambench pages` checks
            that every page is what that suite gives, word for word; `.ci/run` runs that check.
            Pages marked *not checkable* were published before pages kept their suite: their
            tables were written by the tool, but their opening prose came from the suite file of
            the day and may quote figures their tables do not hold. Run their suites again to
            replace them.

            """)
        .append(
            processor == null
                ? "Absolute figures are the machine's that ran them (each page names its processor"
                    + " and the\nexact versions): do not set figures from two processors side by"
                    + " side.\n\n"
                : "Every page of the index was measured on one processor type, "
                    + processor
                    + " (the standard\n`"
                    + Studies.FILE
                    + "` sets); pages measured on another are in the appendix at the end:\ndo not"
                    + " set their figures beside these.\n\n")
        .append(
            """
            Run a suite and write its page, or write the page of a suite already stored:

            ```bash
            ./streambench suite suites/<suite>.yaml --publish
            ./streambench report --suite ID --publish
            ```

            """);
    QuestionTable.append(md, entries, studies);
    List<Entry> published =
        entries.stream().filter(e -> e.status() != Entry.Status.UNPUBLISHED).toList();
    List<Entry> standard = published.stream().filter(e -> e.measuredOn(processor)).toList();
    md.append("## Pages\n\n")
        .append(
            "The standard of a page: at least "
                + REPETITIONS
                + " repetitions of every fixed-rate or drain point, and "
                + SEARCHES
                + " independent searches of every sustainable rate\n(each repetition searches"
                + " again); a page below it says so in its row.\n\n");
    pages(md, standard);
    List<Entry> other = published.stream().filter(e -> !e.measuredOn(processor)).toList();
    if (!other.isEmpty()) {
      md.append("\n## Appendix: pages not measured on ").append(processor).append("\n\n");
      pages(md, other);
    }
    return md.toString();
  }

  private static void pages(StringBuilder md, List<Entry> entries) {
    md.append("| page | what its suite measures | repetitions | suite run | machine | checked |\n")
        .append("|---|---|---|---|---|---|\n");
    for (Entry e : entries) {
      md.append(
          String.format(
              "| [%s](%s.md) | %s | %s | %s | %s | %s |\n",
              e.page(),
              e.page(),
              cell(e.suite() == null ? null : e.suite().description()),
              cell(e.repetitionsCell()),
              e.suiteId() == null ? "–" : "`" + e.suiteId() + "`",
              cell(e.machine()),
              (e.status() == Entry.Status.CHECKED
                      ? "yes, against [its stored suite](" + e.page() + "/suite.json)"
                      : "not checkable")
                  + (e.disagreement() == null ? "" : "; " + e.disagreement())));
    }
  }

  static String cell(String text) {
    return text == null ? "–" : text.replace("|", "\\|");
  }
}
