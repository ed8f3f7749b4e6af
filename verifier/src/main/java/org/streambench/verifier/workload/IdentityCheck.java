package org.streambench.verifier.workload;

import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.verifier.Verdict;

/**
 * identity and sleep: records {@code seq,t[,pad]}, output {@code seq,t[,pad],in,out}; every seq
 * expected back once.
 */
public final class IdentityCheck extends SeqOutputCheck {
  private final int recordSize;
  private final Guarantee guarantee;
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
      malformed(value);
      return false;
    }
    observed(fields[0]);
    stamps[0] = fields[1];
    stamps[1] = fields[2];
    stamps[2] = fields[3];
    return true;
  }

  @Override
  protected boolean allArrived() {
    return verifier().distinct() >= expected();
  }

  @Override
  public Verdict verdict() {
    return verifier().verdict(expected(), guarantee);
  }
}
