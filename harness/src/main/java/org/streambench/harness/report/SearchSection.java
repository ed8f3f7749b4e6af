package org.streambench.harness.report;

import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.results.PointOutcome;

/** One sustainable-throughput search: what it found and every trial that led there. */
final class SearchSection {
  private SearchSection() {}

  static void write(Html h, Configuration c, PointOutcome p) {
    h.element(
        "h3", null, c.name() + (c.points().size() > 1 ? " (rep " + p.repetition() + ")" : ""));
    PointOutcome.SearchOutcome s = p.search();
    if (s == null) {
      h.element("p", "bad", "No search outcome: the point " + p.status() + ".");
      return;
    }
    h.element(
        "p",
        s.sustainableRate() > 0 ? null : "bad",
        String.format(
            "Highest sustainable rate: %s records/s; lowest unsustainable: %s; %s after %d"
                + " trials%s.",
            s.sustainableRate() > 0 ? Format.number(s.sustainableRate()) : "none found",
            s.lowestUnsustainable() > 0
                ? Format.number(s.lowestUnsustainable()) + " records/s"
                : "none tried",
            s.converged() ? "converged" : "NOT converged",
            s.trials().size(),
            s.stopReason() == null || s.converged() ? "" : " (" + s.stopReason() + ")"));
    h.open("table", "summary");
    h.open("thead", null)
        .row(true, "trial", "offered rate (records/s)", "judgement", "why", "run")
        .close("thead");
    h.open("tbody", null);
    for (int i = 0; i < s.trials().size(); i++) {
      PointOutcome.Trial t = s.trials().get(i);
      h.raw("<tr>");
      h.element("td", "num", Integer.toString(i + 1));
      h.element("td", "num", Format.number(t.rate()));
      h.element(
          "td",
          t.sustainable() ? "good" : "warn",
          t.sustainable() ? "sustainable" : "not sustainable");
      h.element("td", null, t.reason());
      h.raw("<td><a href=\"#run-" + Html.escape(t.runId()) + "\">")
          .text(t.runId())
          .raw("</a></td>");
      h.raw("</tr>\n");
    }
    h.close("tbody").close("table");
  }
}
