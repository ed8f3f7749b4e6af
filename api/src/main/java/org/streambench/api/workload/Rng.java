package org.streambench.api.workload;

/**
 * Counter-based randomness: every draw is a pure function of (seed, seq, salt), so any record can
 * be regenerated on its own (by the verifier, or by an engine's in-job source on any subtask)
 * without replaying a random stream. SplitMix64's finalizer mixes the inputs.
 */
public final class Rng {
  private Rng() {}

  /** 64 well-mixed bits for (seed, seq, salt). */
  public static long bits(long seed, long seq, int salt) {
    long z = seed * 0x9E3779B97F4A7C15L + seq * 0xBF58476D1CE4E5B9L + salt * 0x94D049BB133111EBL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A uniform integer in {@code [0, bound)}. */
  public static int below(long seed, long seq, int salt, int bound) {
    return (int) (((bits(seed, seq, salt) >>> 32) * bound) >>> 32);
  }

  /** A uniform double in {@code [0, 1)}. */
  public static double unit(long seed, long seq, int salt) {
    return (bits(seed, seq, salt) >>> 11) * 0x1.0p-53;
  }
}
