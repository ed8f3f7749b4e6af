package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The index of the published pages ({@code docs/results/README.md}), generated from their stored
 * suites and suite files as the pages are (a page published before pages kept their suite: from its
 * own lines), nothing typed in: one row per page with what its suite measures (the suite file's
 * description, which holds no measured figure), where and when it ran, and whether the page is
 * checked against the stored suite kept beside it.
 */
public final class ResultsIndex {
  /**
   * One page.
   *
   * @param page the page's name (its file without {@code .md})
   * @param description what its suite measures, from the suite file; null if the file is gone
   * @param suiteId the stored suite it was written from, null if the page does not say
   * @param machine cores, memory and processor, as the page gives them; null if it does not
   * @param checked whether its stored suite is kept beside it, so the page is checked against it
   * @param headlines the page's headline sentences, as it gives them
   * @param disagreement the page's line saying it disagrees with others beyond their noise, or null
   */
  public record Entry(
      String page,
      String description,
      String suiteId,
      String machine,
      boolean checked,
      List<String> headlines,
      String disagreement) {

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
        String description) {
      List<String> headlines = new ArrayList<>();
      if (suiteFile != null) {
        for (SuiteSpec.Headline headline : SuiteSpec.headlinesIn(suiteFile)) {
          HeadlineSection.Section section = HeadlineSection.of(model, headline);
          section.groups().forEach(g -> headlines.add(section.title() + ", " + g.sentence()));
        }
      }
      String disagreement = SameConfigurations.disagreement(others);
      return new Entry(
          page,
          description,
          model.suite().suiteId(),
          model.runs().isEmpty() ? null : machine(Provenances.host(model.runs().get(0))),
          true,
          headlines,
          disagreement == null ? null : "**Disagrees " + disagreement + "**");
    }

    /**
     * The entry of a page published before pages kept their stored suite, read from the lines its
     * "How it ran" section always has.
     */
    public static Entry ofUnchecked(String page, String markdown, String description) {
      String suiteId = null;
      String machine = null;
      for (String line : markdown.split("\n")) {
        if (line.startsWith("- Suite `")) {
          suiteId = line.substring("- Suite `".length(), line.indexOf('`', "- Suite `".length()));
        } else if (line.startsWith("- Machine: ")) {
          machine = machine(line.substring("- Machine: ".length()));
        }
      }
      return new Entry(page, description, suiteId, machine, false, List.of(), null);
    }

    /** Cores, memory and processor: the first three parts of a page's machine line. */
    private static String machine(String host) {
      String[] parts = host.split(", ");
      return String.join(", ", List.of(parts).subList(0, Math.min(3, parts.length)));
    }
  }

  private ResultsIndex() {}

  /** The index's markdown. */
  public static String markdown(List<Entry> entries) {
    StringBuilder md = new StringBuilder();
    md.append("# Results measured with streambench\n\n")
        .append(
            "<!-- written by streambench from the pages below (./streambench pages --rewrite);"
                + " do not edit -->\n\n")
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

            Absolute figures are the machine's that ran them (each page names its processor and the
            exact versions): do not set figures from two processors side by side.

            Run a suite and write its page, or write the page of a suite already stored:

            ```bash
            ./streambench suite suites/<suite>.yaml --publish
            ./streambench report --suite ID --publish
            ```

            """)
        .append("| page | what its suite measures | headline | suite run | machine | checked |\n")
        .append("|---|---|---|---|---|---|\n");
    for (Entry e : entries) {
      md.append(
          String.format(
              "| [%s](%s.md) | %s | %s | %s | %s | %s |\n",
              e.page(),
              e.page(),
              cell(e.description()),
              e.headlines().isEmpty() ? "–" : cell(String.join("<br>", e.headlines())),
              e.suiteId() == null ? "–" : "`" + e.suiteId() + "`",
              cell(e.machine()),
              (e.checked()
                      ? "yes, against [its stored suite](" + e.page() + "/suite.json)"
                      : "not checkable")
                  + (e.disagreement() == null ? "" : "; " + e.disagreement())));
    }
    return md.toString();
  }

  private static String cell(String text) {
    return text == null ? "–" : text.replace("|", "\\|");
  }
}
