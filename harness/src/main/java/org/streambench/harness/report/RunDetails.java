package org.streambench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.FaultSilence;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.KeepingUp;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.WhereTimeWent;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.Sustainability;

/** Each run's verdict, reasons, warnings, figures and provenance, collapsed under one line. */
final class RunDetails {
  private RunDetails() {}

  static void write(Html h, ReportModel m) {
    Map<String, String> names = m.memberNames();
    for (RunResult r : m.runs()) {
      boolean valid = Configuration.isValid(r);
      h.raw("<details id=\"run-" + Html.escape(r.runId()) + "\">");
      h.open("summary", valid ? null : "bad");
      h.element("code", null, r.runId());
      h.text(" " + names.get(r.runId()) + " — ");
      h.element("strong", null, valid ? "valid" : verdictLine(r));
      h.text(
          String.format(
              " — in %s rec/s, e2e p99 %s ms",
              Format.number(Figure.THROUGHPUT_IN.of(r)), Format.number(Figure.E2E_P99.of(r))));
      h.close("summary");
      writeBody(h, r);
      h.close("details");
    }
  }

  /** The verdict of a run that is not valid, with its first reason so a reader need not open it. */
  private static String verdictLine(RunResult r) {
    String verdict =
        r.status() == RunResult.Status.COMPLETED
            ? upper(r.verdict())
            : upper(r.status()) + " (verdict " + r.verdict() + ")";
    if (!r.reasons().isEmpty()) {
      return verdict + ": " + r.reasons().get(0) + (r.reasons().size() > 1 ? " (and more)" : "");
    }
    return r.failure() == null ? verdict : verdict + ": " + r.failure().reason();
  }

  private static void writeBody(Html h, RunResult r) {
    list(h, "Reasons (why the run is not valid)", r.reasons(), "bad");
    if (r.failure() != null) {
      h.element("p", "bad", "Failure: " + r.failure().reason());
      if (r.failure().logTail() != null) {
        h.element("pre", null, r.failure().logTail());
      }
    }
    Sustainability.Judgement keptUp = KeepingUp.judge(r);
    if (keptUp != null && Configuration.isValid(r)) {
      h.element(
          "p",
          keptUp.sustainable() ? null : "warn",
          (keptUp.sustainable() ? "Kept up with its rate: " : "Did not keep up with its rate: ")
              + keptUp.reason());
    }
    list(h, "Warnings", r.warnings(), "warn");
    h.open("table", "kv");
    row(h, "engine / workload / mode", r.engine() + " / " + r.workload() + " / " + r.mode());
    row(
        h,
        "guarantee, parallelism, partitions",
        r.guarantee() + ", " + r.parallelism() + ", " + r.partitions());
    row(h, "started / finished", r.startedAt() + " / " + r.finishedAt());
    for (Figure f : SummarySection.COLUMNS) {
      row(h, f.label() + " (" + f.unit() + ")", Format.number(f.of(r)));
    }
    if (r.verification() != null) {
      row(h, "verification", r.verification().toString());
    }
    if (r.verificationExamples() != null && !r.verificationExamples().isEmpty()) {
      row(h, "examples", r.verificationExamples().toString());
    }
    if (r.generator() != null) {
      row(
          h,
          "generator",
          String.format(
              "target %s/s, achieved %s/s, steady max lag %s ms, send errors %d",
              Format.number(r.generator().targetRate()),
              Format.number(r.generator().achievedRate()),
              Format.number(r.generator().steadyMaxLagMicros() / 1000.0),
              r.generator().sendErrors()));
    }
    if (r.faults() != null) {
      r.faults().forEach(f -> row(h, "fault " + f.number(), fault(r, f)));
    }
    if (r.workers() != null) {
      r.workers().forEach(w -> row(h, "share of " + w.process(), w.describe()));
    }
    Object placement = r.provenance() == null ? null : r.provenance().get("cpuPlacement");
    if (placement != null) {
      row(h, "CPU placement (--cpus)", String.valueOf(placement));
    }
    if (r.processes() != null) {
      for (ProcessUsage p : r.processes()) {
        row(
            h,
            "process " + p.role(),
            String.format(
                "pid %d, %s CPU s, %s cores steady, peak RSS %s MB%s",
                p.pid(),
                Format.number(p.cpuSeconds()),
                Format.number(p.steadyCores()),
                Format.number(p.peakRssBytes() / (1024.0 * 1024)),
                p.allowedCpus() == null ? "" : ", allowed CPUs " + p.allowedCpus()));
      }
    }
    row(h, "tool", Provenances.tool(r));
    row(h, "config hash", r.configHash());
    row(h, "run directory", r.runDir());
    h.close("table");
    List<WhereTimeWent.Line> went = WhereTimeWent.of(r);
    if (!went.isEmpty() || r.profiles() != null) {
      h.element("h4", null, "Where the time went");
      h.open("table", "kv");
      went.forEach(l -> row(h, l.label(), l.text()));
      h.close("table");
    }
    ProfileSection.write(h, r);
    if (r.config() != null) {
      h.raw("<details><summary>configuration (" + r.config().size() + " settings)</summary>");
      h.open("table", "kv");
      r.config().forEach((k, v) -> row(h, k, v));
      h.close("table").close("details");
    }
    if (r.provenance() != null) {
      h.raw("<details><summary>provenance</summary>");
      h.element("pre", null, json(r.provenance()));
      h.close("details");
    }
  }

  /** A fault in one line: what hit which process when, when it came back, how the run recovered. */
  static String fault(RunResult r, RunResult.Fault f) {
    StringBuilder s =
        new StringBuilder(
            String.format(
                "%s: %s %s at %.1f s", f.fault(), f.action(), f.process(), f.atSeconds()));
    if (f.backAfterSeconds() != null) {
      s.append(String.format(", back after %.1f s", f.backAfterSeconds()));
    }
    s.append(
        f.outputGapMillis() == null
            ? ", no output after it"
            : String.format(", output gap %.1f ms", f.outputGapMillis()));
    if (f.noticed() != null && f.noticed().seen()) {
      s.append(
          String.format(
              ", noticed after %.1f s (%s: %s)",
              f.noticed().afterSeconds(), f.noticed().process(), f.noticed().line()));
    }
    Long silent = FaultSilence.seconds(r, f);
    if (silent != null) {
      s.append(String.format(", %d s silent", silent));
    }
    s.append(
        f.recoverySeconds() == null
            ? ", " + f.recovery()
            : String.format(", recovered in %.1f s", f.recoverySeconds()));
    s.append(
        String.format(
            ", peak p99 %s ms, peak owed %,d records",
            Format.number(f.peakP99Millis()), f.peakBacklog()));
    if (f.note() != null) {
      s.append(" (").append(f.note()).append(')');
    }
    return s.toString();
  }

  private static void list(Html h, String title, List<String> items, String cls) {
    if (items == null || items.isEmpty()) {
      return;
    }
    h.element("p", cls, title + ":");
    h.open("ul", cls);
    items.forEach(i -> h.element("li", null, i));
    h.close("ul");
  }

  private static void row(Html h, String key, String value) {
    h.raw("<tr>")
        .element("th", null, key)
        .element("td", null, value == null ? "-" : value)
        .raw("</tr>\n");
  }

  private static String json(Object o) {
    try {
      return ResultJson.toJson(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A verdict or status in capitals, as the table shows it; "NULL" for a run without one. */
  private static String upper(Object value) {
    return String.valueOf(value).toUpperCase(java.util.Locale.ROOT);
  }
}
