package org.streambench.verifier.workload;

import java.util.List;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.verifier.SequenceVerifier;
import org.streambench.verifier.Verdict;

/**
 * identity and sleep: records {@code seq,t[,pad]}, output {@code seq,t[,pad],in,out}; every seq
 * expected back once.
 */
public final class IdentityCheck extends OutputCheck {
  private final int recordSize;
  private final Guarantee guarantee;
  private SequenceVerifier verifier = new SequenceVerifier();
  private long lastSeq = -1;
  private final long[] fields = new long[IdentityRecords.OUTPUT_FIELDS];

  /** {@code recordSize}: bytes per input record, 0 for the natural {@code seq,t}. */
  public IdentityCheck(int recordSize, Guarantee guarantee) {
    this.recordSize = recordSize;
    this.guarantee = guarantee;
  }

  @Override
  public int maxRecordBytes() {
    return recordSize + 64;
  }

  @Override
  public boolean encodesConcurrently() {
    return true;
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    return IdentityRecords.encodeInput(seq, t, recordSize, buf);
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    if (!IdentityRecords.parseOutput(value, fields)) {
      lastSeq = -1;
      verifier.malformed(value);
      return false;
    }
    lastSeq = fields[0];
    verifier.observe(lastSeq);
    stamps[0] = fields[1];
    stamps[1] = fields[2];
    stamps[2] = fields[3];
    return true;
  }

  @Override
  public long received() {
    return verifier.received();
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

  @Override
  public long lastSeq() {
    return lastSeq;
  }

  @Override
  protected boolean allArrived() {
    return verifier.distinct() >= expected();
  }

  @Override
  public Verdict verdict() {
    return verifier.verdict(expected(), guarantee);
  }
}
