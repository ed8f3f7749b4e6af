package org.streambench.harness.workload;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.InJobResult;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;
import org.streambench.verifier.workload.InJobResultCheck;

/**
 * Reads what an engine reports after an in-job source run (grep, grouping) and checks it against
 * the harness's own regeneration of the same input: record count here, and the matching lines
 * (grep) or the final count and sum of every key (grouping) by {@link InJobResultCheck}. Format of
 * the report in {@code docs/workloads.md}.
 *
 * @param records records the engine generated
 * @param outputs records its job emitted
 * @param startMicros when the engine started generating (its clock)
 * @param endMicros when the last output was counted (its clock)
 * @param verdict the check against the regenerated input
 */
public record InJobCheck(
    long records, long outputs, long startMicros, long endMicros, Verdict verdict) {
  public static final String RESULT_FILE = InJobResult.FILE;

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
    long records = InJobResultCheck.number(p, "records");
    VerdictBuilder v = new VerdictBuilder(g);
    v.count("expected", requested);
    v.count("generated", records);
    v.count("outputs", InJobResultCheck.number(p, "outputs"));
    v.violation(
        "generated.wrong",
        records == requested ? 0 : 1,
        "the engine generated " + records + " records, not " + requested);
    long n = Math.min(records, requested);
    if (workload instanceof GrepWorkload) {
      InJobResultCheck.grep(
          p, GrepWorkload.lines(params, seed), GrepWorkload.pattern(params), n, v);
    } else {
      InJobResultCheck.grouping(
          p, GroupingWorkload.records(params, seed), params.positiveInt("keys"), n, v);
    }
    return new InJobCheck(
        records,
        InJobResultCheck.number(p, "outputs"),
        InJobResultCheck.number(p, "start.micros"),
        InJobResultCheck.number(p, "end.micros"),
        v.build());
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
