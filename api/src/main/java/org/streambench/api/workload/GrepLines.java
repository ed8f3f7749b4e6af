package org.streambench.api.workload;

/**
 * grep input: {@code seq,t,LEVEL w1 ... wn}; the pattern is matched against the text after {@code
 * seq,t,}. {@code LEVEL} is {@code ERROR} with probability {@code matchFraction}, else INFO, WARN
 * or DEBUG; the words are lower-case. Every line is a pure function of (seed, seq), so an in-job
 * source can produce any range of it.
 */
public final class GrepLines {
  private static final byte[] ERROR = Ascii.bytes("ERROR");
  private static final byte[][] OTHER_LEVELS = {
    Ascii.bytes("INFO"), Ascii.bytes("WARN"), Ascii.bytes("DEBUG")
  };
  private static final int VOCABULARY = 500;

  private final long seed;
  private final double matchFraction;
  private final int words;
  private final Vocabulary vocabulary = new Vocabulary(VOCABULARY);

  public GrepLines(long seed, double matchFraction, int words) {
    this.seed = seed;
    this.matchFraction = matchFraction;
    this.words = words;
  }

  /** Whether line {@code seq} has level ERROR (what the default pattern matches). */
  public boolean isError(long seq) {
    return Rng.unit(seed, seq, 1) < matchFraction;
  }

  /** Upper bound of a line's length in bytes. */
  public int maxBytes() {
    return 48 + words * 12;
  }

  public int encode(long seq, long t, byte[] buf) {
    Ascii out = new Ascii(buf).put(seq).put(',').put(t).put(',');
    return text(seq, out).length();
  }

  /** Line {@code seq} intended at {@code t}, as a string (in-job sources), using {@code buf}. */
  public String line(long seq, long t, byte[] buf) {
    return new String(buf, 0, encode(seq, t, buf), java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** The text of line {@code seq} (what the pattern is matched against), using {@code buf}. */
  public String text(long seq, byte[] buf) {
    Ascii out = text(seq, new Ascii(buf));
    return new String(buf, 0, out.length(), java.nio.charset.StandardCharsets.US_ASCII);
  }

  private Ascii text(long seq, Ascii out) {
    out.put(isError(seq) ? ERROR : OTHER_LEVELS[Rng.below(seed, seq, 2, OTHER_LEVELS.length)]);
    for (int i = 0; i < words; i++) {
      out.put(' ').put(vocabulary.bytes(Rng.below(seed, seq, 10 + i, VOCABULARY)));
    }
    return out;
  }
}
