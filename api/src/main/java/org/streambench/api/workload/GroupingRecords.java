package org.streambench.api.workload;

/**
 * grouping input: {@code seq,t,k<i>,value}, key index from a {@link KeyDistribution}, value in
 * {@code [0, 1000)}; a pure function of (seed, seq).
 */
public final class GroupingRecords {
  public static final int VALUE_BOUND = 1000;

  private final long seed;
  private final KeyDistribution keys;

  public GroupingRecords(long seed, KeyDistribution keys) {
    this.seed = seed;
    this.keys = keys;
  }

  public int keyIndex(long seq) {
    return keys.index(Rng.unit(seed, seq, 1));
  }

  public int value(long seq) {
    return Rng.below(seed, seq, 2, VALUE_BOUND);
  }

  /** The key's name as it appears in records. */
  public static String key(int index) {
    return "k" + index;
  }

  public int maxBytes() {
    return 64;
  }

  public int encode(long seq, long t, byte[] buf) {
    return new Ascii(buf)
        .put(seq)
        .put(',')
        .put(t)
        .put(",k")
        .put(keyIndex(seq))
        .put(',')
        .put(value(seq))
        .length();
  }
}
