package org.streambench.harness.generator;

/**
 * Which of a generation's send loops one generator runs: loops {@code first} to {@code first +
 * count - 1} of {@code total}. Loop {@code i} sends records {@code seq ≡ i (mod total)} to
 * partitions {@code p ≡ i (mod total)}, so generators on several machines (agents) that run
 * disjoint shares of one generation write every record once, each partition in seq order.
 */
public record LoopShare(int first, int count, int total) {
  public LoopShare {
    if (count < 1 || first < 0 || first + count > total) {
      throw new IllegalArgumentException(
          "loops " + first + " to " + (first + count - 1) + " are not a share of " + total);
    }
  }

  /** Every loop of a generation of {@code threads} loops. */
  public static LoopShare all(int threads) {
    return new LoopShare(0, threads, threads);
  }
}
