package org.streambench.verifier.workload;

import java.io.IOException;
import java.util.BitSet;
import java.util.Properties;
import java.util.regex.Pattern;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.InJobResult;
import org.streambench.verifier.VerdictBuilder;

/**
 * Checks what an engine reports after an in-job source run (grep, grouping; the report's format is
 * {@link InJobResult}'s) against a regeneration of the same input: the matching lines (grep) or the
 * final count and sum of every key (grouping).
 */
public final class InJobResultCheck {
  private InJobResultCheck() {}

  /** grep: {@code matched} and {@code matched.seq.sum} against the first {@code n} lines. */
  public static void grep(
      Properties report, GrepLines lines, Pattern pattern, long n, VerdictBuilder v)
      throws IOException {
    BitSet matching = GrepCheck.matching(lines, pattern, n);
    long seqSum = matching.stream().asLongStream().sum();
    long matched = number(report, "matched");
    v.count("matching", matching.cardinality());
    v.error("lost", Math.max(0, matching.cardinality() - matched), "matching lines not emitted");
    v.error("duplicated", Math.max(0, matched - matching.cardinality()), "lines emitted too many");
    v.violation(
        "wrong",
        matched == matching.cardinality() && number(report, "matched.seq.sum") != seqSum ? 1 : 0,
        "the emitted lines are not the matching ones (sum of their seqs differs)");
  }

  /** grouping: {@code key.<key>=count,sum} of every key of the first {@code n} records. */
  public static void grouping(
      Properties report, GroupingRecords records, int keys, long n, VerdictBuilder v) {
    long[][] totals = GroupingCheck.totals(records, keys, n);
    long wrong = 0;
    long missing = 0;
    for (int k = 0; k < keys; k++) {
      if (totals[0][k] == 0) {
        continue;
      }
      String got = report.getProperty("key." + GroupingRecords.key(k));
      String want = totals[0][k] + "," + totals[1][k];
      if (got == null) {
        missing++;
        v.example("keys.missing", GroupingRecords.key(k));
      } else if (!got.equals(want)) {
        wrong++;
        v.example("keys.wrong", GroupingRecords.key(k) + ": " + got + ", expected " + want);
      }
    }
    v.error("lost", "keys.missing", missing, "keys without a final aggregate");
    v.violation("keys.wrong", wrong, wrong + " keys with a wrong final count or sum");
  }

  /** The number {@code key} of the report; an IOException names the file when it lacks one. */
  public static long number(Properties report, String key) throws IOException {
    try {
      return Long.parseLong(report.getProperty(key, "").trim());
    } catch (NumberFormatException e) {
      throw new IOException(InJobResult.FILE + " lacks a number '" + key + "'");
    }
  }
}
