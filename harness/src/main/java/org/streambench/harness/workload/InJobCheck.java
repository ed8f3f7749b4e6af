package org.streambench.harness.workload;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.harness.verify.Verdict;
import org.streambench.harness.verify.VerdictBuilder;

/**
 * Checks what an engine reports after an in-job source run (grep, grouping) against the harness's
 * own regeneration of the same input: record count, and the matching lines (grep) or the final
 * count and sum of every key (grouping). Format of the report in {@code docs/workloads.md}.
 *
 * @param records records the engine generated
 * @param outputs records its job emitted
 * @param startMicros when the engine started generating (its clock)
 * @param endMicros when the last output was counted (its clock)
 * @param verdict the check against the regenerated input
 */
public record InJobCheck(
    long records, long outputs, long startMicros, long endMicros, Verdict verdict) {
  public static final String RESULT_FILE = "in-job-result.properties";

  /** Reads the engine's report in {@code runDir} and checks it. */
  public static InJobCheck read(
      Path runDir, Workload workload, Params params, long seed, long requested, Guarantee g)
      throws IOException {
    Path file = runDir.resolve(RESULT_FILE);
    if (!Files.isRegularFile(file)) {
      throw new IOException("the engine wrote no " + RESULT_FILE);
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    }
    long records = number(p, "records");
    VerdictBuilder v = new VerdictBuilder(g);
    v.count("expected", requested);
    v.count("generated", records);
    v.count("outputs", number(p, "outputs"));
    v.violation(
        "generated.wrong",
        records == requested ? 0 : 1,
        "the engine generated " + records + " records, not " + requested);
    long n = Math.min(records, requested);
    if (workload instanceof GrepWorkload) {
      checkGrep(p, GrepWorkload.lines(params, seed), GrepWorkload.pattern(params), n, v);
    } else {
      checkGrouping(p, GroupingWorkload.records(params, seed), params.positiveInt("keys"), n, v);
    }
    return new InJobCheck(
        records,
        number(p, "outputs"),
        number(p, "start.micros"),
        number(p, "end.micros"),
        v.build());
  }

  private static void checkGrep(
      Properties p, GrepLines lines, java.util.regex.Pattern pattern, long n, VerdictBuilder v)
      throws IOException {
    BitSet matching = GrepWorkload.matching(lines, pattern, n);
    long seqSum = matching.stream().asLongStream().sum();
    long matched = number(p, "matched");
    v.count("matching", matching.cardinality());
    v.error("lost", Math.max(0, matching.cardinality() - matched), "matching lines not emitted");
    v.error("duplicated", Math.max(0, matched - matching.cardinality()), "lines emitted too many");
    v.violation(
        "wrong",
        matched == matching.cardinality() && number(p, "matched.seq.sum") != seqSum ? 1 : 0,
        "the emitted lines are not the matching ones (sum of their seqs differs)");
  }

  private static void checkGrouping(
      Properties p, GroupingRecords records, int keys, long n, VerdictBuilder v)
      throws IOException {
    long[][] totals = GroupingWorkload.totals(records, keys, n);
    long wrong = 0;
    long missing = 0;
    for (int k = 0; k < keys; k++) {
      if (totals[0][k] == 0) {
        continue;
      }
      String got = p.getProperty("key." + GroupingRecords.key(k));
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

  private static long number(Properties p, String key) throws IOException {
    try {
      return Long.parseLong(p.getProperty(key, "").trim());
    } catch (NumberFormatException e) {
      throw new IOException(RESULT_FILE + " lacks a number '" + key + "'");
    }
  }

  /** Figures stored with the run. */
  public Map<String, Object> results() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("label", "framework-limit run: the input was generated inside the engine's job");
    out.put("records", records);
    out.put("outputs", outputs);
    out.put("seconds", seconds());
    return out;
  }

  public double seconds() {
    return Math.max(1e-6, (endMicros - startMicros) / 1e6);
  }
}
