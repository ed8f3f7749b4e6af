package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.KeepingUp;
import org.streambench.harness.results.RunResult;

/**
 * How a configuration's runs were judged, as one cell: {@code 3 valid}, or loudly {@code 1 of 3 NOT
 * VALID}, and how many valid runs did not keep up with their rate.
 *
 * @param valid completed runs whose output verified
 * @param unsound invalid, failed or aborted runs
 * @param behind valid runs whose backlog grew over the steady state
 */
record Verdicts(int valid, int unsound, int behind) {
  static Verdicts of(Configuration c) {
    int valid = 0;
    int behind = 0;
    for (RunResult r : c.runs()) {
      if (Configuration.isValid(r)) {
        valid++;
        if (KeepingUp.fellBehind(r)) {
          behind++;
        }
      }
    }
    return new Verdicts(valid, c.members().size() - valid, behind);
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
    return String.join(", ", parts);
  }

  String cssClass() {
    return unsound > 0 ? "bad" : behind > 0 ? "warn" : "good";
  }
}
