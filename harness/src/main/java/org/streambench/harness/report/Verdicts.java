package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.KeepingUp;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.LatencyObjective;

/**
 * How a configuration's runs were judged, as one cell: {@code 3 valid}, or loudly {@code 1 of 3 NOT
 * VALID}, how many valid runs did not keep up with their rate, and how many missed the suite's
 * latency objective (valid runs still: their output verified, but the suite's own objective, which
 * its searches hold trials to, says their latency is past what it accepts).
 *
 * @param valid completed runs whose output verified
 * @param unsound invalid, failed or aborted runs
 * @param behind valid runs whose backlog grew over the steady state
 * @param overObjective valid runs whose end-to-end latency missed {@code objective}
 * @param objective the suite's latency objective, null if none
 */
record Verdicts(int valid, int unsound, int behind, int overObjective, LatencyObjective objective) {
  static Verdicts of(Configuration c) {
    return of(c, null);
  }

  /** With the runs of a suite whose objective is {@code objective} (null: none). */
  static Verdicts of(Configuration c, LatencyObjective objective) {
    int valid = 0;
    int behind = 0;
    int over = 0;
    for (RunResult r : c.runs()) {
      if (Configuration.isValid(r)) {
        valid++;
        if (KeepingUp.fellBehind(r)) {
          behind++;
        }
        if (objective != null
            && !c.search()
            && r.endToEndLatencyMicros() != null
            && r.endToEndLatencyMicros().count() > 0
            && !objective.met(r.endToEndLatencyMicros())) {
          over++;
        }
      }
    }
    return new Verdicts(valid, c.members().size() - valid, behind, over, objective);
  }

  String text() {
    List<String> parts = new ArrayList<>();
    if (unsound > 0) {
      parts.add(unsound + " of " + (valid + unsound) + " NOT VALID");
    }
    if (valid > 0) {
      parts.add(valid + " valid");
    }
    if (behind > 0) {
      parts.add(behind + " not keeping up");
    }
    if (overObjective > 0) {
      parts.add(overObjective + " above the objective " + objective);
    }
    return String.join(", ", parts);
  }

  String cssClass() {
    return unsound > 0 ? "bad" : behind > 0 || overObjective > 0 ? "warn" : "good";
  }
}
