package org.streambench.api.workload;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an engine reports at the end of an in-job run (docs/workloads.md, "In-job source mode"): the
 * file {@value #FILE} in the run directory with {@code records}, {@code outputs}, {@code
 * start.micros}, {@code end.micros}, and {@code matched} + {@code matched.seq.sum} (grep) or {@code
 * keys} + one line {@code key.<key>=<count>,<sum>} per key (grouping). The harness checks it
 * against its own regeneration of the input.
 *
 * <pre>
 * new InJobResult(records, outputs, startMicros, endMicros).grep(matched, seqSum).write(runDir);
 * </pre>
 */
public final class InJobResult {
  public static final String FILE = "in-job-result.properties";

  private final Map<String, String> lines = new TreeMap<>();

  public InJobResult(long records, long outputs, long startMicros, long endMicros) {
    lines.put("records", Long.toString(records));
    lines.put("outputs", Long.toString(outputs));
    lines.put("start.micros", Long.toString(startMicros));
    lines.put("end.micros", Long.toString(endMicros));
  }

  /** grep: the number of matching lines and the sum of their seqs. */
  public InJobResult grep(long matched, long matchedSeqSum) {
    lines.put("matched", Long.toString(matched));
    lines.put("matched.seq.sum", Long.toString(matchedSeqSum));
    return this;
  }

  /** grouping: per key its final aggregate as {@code count,sum}. */
  public InJobResult grouping(Map<String, String> countAndSumPerKey) {
    lines.put("keys", Integer.toString(countAndSumPerKey.size()));
    countAndSumPerKey.forEach((key, countAndSum) -> lines.put("key." + key, countAndSum));
    return this;
  }

  /** The file's lines, sorted by key. */
  public Map<String, String> lines() {
    return Map.copyOf(lines);
  }

  /** Writes {@value #FILE} to {@code runDir}, atomically: the harness never reads half of it. */
  public void write(Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
      for (Map.Entry<String, String> e : lines.entrySet()) {
        w.write(e.getKey() + "=" + e.getValue() + "\n");
      }
    }
    Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
  }
}
