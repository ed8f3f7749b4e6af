package org.streambench.api.workload;

/**
 * wordcount input: {@code {"msgId":seq,"eventTime":t,"sentence":"w1 w2 ..."}} with {@code words}
 * words drawn from a {@link Vocabulary} by a {@link KeyDistribution}; a pure function of (seed,
 * seq).
 */
public final class WordSentences {
  private static final byte[] MSG_ID = Ascii.bytes("{\"msgId\":");
  private static final byte[] EVENT_TIME = Ascii.bytes(",\"eventTime\":");
  private static final byte[] SENTENCE = Ascii.bytes(",\"sentence\":\"");

  private final long seed;
  private final int words;
  private final KeyDistribution distribution;
  private final Vocabulary vocabulary;

  public WordSentences(long seed, int words, KeyDistribution distribution) {
    this.seed = seed;
    this.words = words;
    this.distribution = distribution;
    this.vocabulary = new Vocabulary(distribution.size());
  }

  public int words() {
    return words;
  }

  /** Index of the {@code i}-th word of sentence {@code seq}. */
  public int wordIndex(long seq, int i) {
    return distribution.index(Rng.unit(seed, seq, 10 + i));
  }

  public int maxBytes() {
    return 64 + words * 12;
  }

  public int encode(long seq, long t, byte[] buf) {
    Ascii out = new Ascii(buf).put(MSG_ID).put(seq).put(EVENT_TIME).put(t).put(SENTENCE);
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        out.put(' ');
      }
      out.put(vocabulary.bytes(wordIndex(seq, i)));
    }
    return out.put("\"}").length();
  }
}
