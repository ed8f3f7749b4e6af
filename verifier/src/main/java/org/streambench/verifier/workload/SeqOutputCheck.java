package org.streambench.verifier.workload;

import java.util.List;
import org.streambench.verifier.SequenceVerifier;

/**
 * A check whose output rows each name the one input record they came from by its seq (identity,
 * sleep, grep, Nexmark's stateless queries): a {@link SequenceVerifier} of those seqs, whose
 * observations merge across processes that each read a share of the output (agents).
 */
abstract class SeqOutputCheck extends OutputCheck {
  private SequenceVerifier verifier = new SequenceVerifier();
  private long lastSeq = -1;

  /** The seqs observed so far. */
  protected final SequenceVerifier verifier() {
    return verifier;
  }

  /** An output row of input record {@code seq}. */
  protected final void observed(long seq) {
    lastSeq = seq;
    verifier.observe(seq);
  }

  /** An output record that does not parse. */
  protected final void malformed(byte[] value) {
    lastSeq = -1;
    verifier.malformed(value);
  }

  @Override
  public long received() {
    return verifier.received();
  }

  @Override
  public long lastSeq() {
    return lastSeq;
  }

  @Override
  public boolean mergesObservations() {
    return true;
  }

  @Override
  public byte[] observations() {
    return verifier.observations();
  }

  @Override
  public void replaceObservations(List<byte[]> parts) {
    SequenceVerifier merged = new SequenceVerifier();
    parts.forEach(merged::merge);
    verifier = merged;
  }
}
