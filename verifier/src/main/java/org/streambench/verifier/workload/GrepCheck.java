package org.streambench.verifier.workload;

import java.util.BitSet;
import java.util.regex.Pattern;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.GrepLines;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;

/**
 * grep: input {@link GrepLines}, output {@code seq,t,text,in,out} for each line whose text the
 * pattern finds a match in, every matching seq expected back once. The pattern sees only the text
 * after {@code seq,t,}, so the expected lines can be found by regenerating the input after the
 * generator is done (the regex is too slow for the generator thread) without knowing each record's
 * send time.
 */
public final class GrepCheck extends SeqOutputCheck {
  private final GrepLines lines;
  private final Pattern pattern;
  private final Guarantee guarantee;
  private final OutputFields fields = new OutputFields(5);
  private volatile BitSet expectedSeqs;

  public GrepCheck(GrepLines lines, Pattern pattern, Guarantee guarantee) {
    this.lines = lines;
    this.pattern = pattern;
    this.guarantee = guarantee;
  }

  /** The seqs in {@code [0, n)} whose line matches, by regenerating every line. */
  public static BitSet matching(GrepLines lines, Pattern pattern, long n) {
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
      malformed(value);
      return false;
    }
    observed(fields.number(0));
    return fields.stamps(stamps, 1, 3, 4);
  }

  @Override
  protected boolean allArrived() {
    return verifier().seenAll(expectedSeqs);
  }

  @Override
  public Verdict verdict() {
    return verifier().verdict(expectedSeqs, guarantee, "matching lines");
  }
}
