package org.streambench.harness.workload;

import java.util.BitSet;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.GrepLines;
import org.streambench.harness.UsageException;
import org.streambench.harness.verify.SequenceVerifier;
import org.streambench.harness.verify.Verdict;

/** grep: keep the lines matching a regular expression; no shuffle. */
final class GrepWorkload implements Workload {
  @Override
  public String name() {
    return "grep";
  }

  @Override
  public String description() {
    return "keep lines matching a regex (embarrassingly parallel; has --mode in-job)";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("match.fraction", "0.1", "pattern", "ERROR", "words", "8");
  }

  @Override
  public void validate(Params params) {
    lines(params, 0);
    pattern(params);
  }

  @Override
  public boolean hasInJobMode() {
    return true;
  }

  static GrepLines lines(Params params, long seed) {
    return new GrepLines(seed, params.fraction("match.fraction"), params.nonNegativeInt("words"));
  }

  static Pattern pattern(Params params) {
    try {
      return Pattern.compile(params.text("pattern"));
    } catch (PatternSyntaxException e) {
      throw new UsageException(
          "grep parameter pattern is not a regular expression: " + e.getDescription());
    }
  }

  /** The seqs in {@code [0, n)} whose line matches, by regenerating every line. */
  static BitSet matching(GrepLines lines, Pattern pattern, long n) {
    BitSet out = new BitSet();
    byte[] buf = new byte[lines.maxBytes()];
    java.util.regex.Matcher m = pattern.matcher("");
    for (long seq = 0; seq < n; seq++) {
      if (m.reset(lines.text(seq, buf)).find()) {
        out.set((int) seq);
      }
    }
    return out;
  }

  @Override
  public boolean concurrentInput() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee) {
    return new Run(lines(params, seed), pattern(params), guarantee);
  }

  /**
   * Output {@code seq,t,text,in,out}. The pattern sees only the text after {@code seq,t,}, so the
   * expected lines can be found by regenerating the input after the generator is done (the regex is
   * too slow for the generator thread) without knowing each record's send time.
   */
  private static final class Run extends WorkloadRun {
    private final GrepLines lines;
    private final Pattern pattern;
    private final Guarantee guarantee;
    private final SequenceVerifier verifier = new SequenceVerifier();
    private final OutputFields fields = new OutputFields(5);
    private volatile BitSet expectedSeqs;

    Run(GrepLines lines, Pattern pattern, Guarantee guarantee) {
      this.lines = lines;
      this.pattern = pattern;
      this.guarantee = guarantee;
    }

    @Override
    public int maxRecordBytes() {
      return lines.maxBytes();
    }

    @Override
    public boolean encodesConcurrently() {
      return true;
    }

    @Override
    public int encode(long seq, long t, byte[] buf) {
      return lines.encode(seq, t, buf);
    }

    @Override
    protected void prepareExpectations(long sent) {
      expectedSeqs = matching(lines, pattern, sent);
    }

    @Override
    public boolean observe(byte[] value, long[] stamps) {
      if (!fields.split(value) || fields.number(0) < 0) {
        verifier.malformed(value);
        return false;
      }
      verifier.observe(fields.number(0));
      return fields.stamps(stamps, 1, 3, 4);
    }

    @Override
    public long received() {
      return verifier.received();
    }

    @Override
    protected boolean allArrived() {
      return verifier.seenAll(expectedSeqs);
    }

    @Override
    public Verdict verdict() {
      return verifier.verdict(expectedSeqs, guarantee, "matching lines");
    }
  }
}
