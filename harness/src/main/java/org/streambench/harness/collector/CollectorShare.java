package org.streambench.harness.collector;

import java.util.function.LongPredicate;

/**
 * The share of a run's output one collector reads: all of it on this JVM's clock (the harness's
 * {@link #ALL}), or an agent's: the output partitions {@code p ≡ index (mod count)}, its receive
 * times moved onto the harness's clock by {@code clockCorrectionMicros} (how far its clock reads
 * ahead), and the records it generated itself ({@code own}, by input seq) told apart.
 */
public record CollectorShare(int index, int count, long clockCorrectionMicros, LongPredicate own) {
  /** All of the output, read by the harness. */
  public static final CollectorShare ALL = new CollectorShare(0, 1, 0, null);

  public CollectorShare {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException("share " + index + " of " + count);
    }
  }

  /** An agent's share, which it hands back as a {@link CollectedPart}. */
  public static CollectorShare agent(
      int index, int count, long clockCorrectionMicros, LongPredicate own) {
    return new CollectorShare(index, count, clockCorrectionMicros, own);
  }

  /** Whether an agent reads it (and keeps its parts for the harness rather than a log). */
  public boolean agent() {
    return own != null;
  }

  boolean reads(int partition) {
    return partition % count == index;
  }
}
