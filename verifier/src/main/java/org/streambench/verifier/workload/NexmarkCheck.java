package org.streambench.verifier.workload;

import java.math.BigDecimal;
import java.util.BitSet;
import java.util.List;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.SequenceVerifier;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * Nexmark's stateless queries (docs/nexmark.md): each output row is one bid, {@code seq,t,<the
 * query's columns>,in,out}, expected once for every bid the query keeps; its columns must be the
 * query's of the bid that {@code seq} regenerates, else the row is wrong.
 *
 * <ul>
 *   <li>q0, pass-through: {@code auction,bidder,price,dateTime,extra} of every bid;
 *   <li>q1, currency conversion: the same with {@code price} in euros, {@code 0.908 × price};
 *   <li>q2, selection: {@code auction,price} of the bids whose auction is a multiple of {@code
 *       auction-skip} (123).
 * </ul>
 */
public final class NexmarkCheck extends OutputCheck {
  private final NexmarkEvents events;
  private final NexmarkQuery query;
  private final Guarantee guarantee;
  private final OutputFields fields;
  private final VerdictBuilder notes = new VerdictBuilder(Guarantee.AT_LEAST_ONCE);
  private SequenceVerifier verifier = new SequenceVerifier();
  private long wrong;
  private long lastSeq = -1;
  private volatile BitSet expectedSeqs;

  public NexmarkCheck(NexmarkEvents events, NexmarkQuery query, Guarantee guarantee) {
    this.events = events;
    this.query = query;
    this.guarantee = guarantee;
    this.fields = new OutputFields(query.outputColumns() + 4);
  }

  @Override
  public int maxRecordBytes() {
    return events.maxRecordBytes();
  }

  @Override
  public boolean encodesConcurrently() {
    return true;
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    return events.encode(seq, t, buf);
  }

  @Override
  protected void prepareExpectations(long sent) {
    BitSet kept = new BitSet();
    for (long seq = 0; seq < sent; seq++) {
      if (NexmarkEvents.kind(seq) == NexmarkEvents.BID
          && (!query.selects() || query.keeps(events.bid(seq, 0)))) {
        kept.set((int) seq);
      }
    }
    expectedSeqs = kept;
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    int n = query.outputColumns() + 4;
    if (!fields.split(value)
        || fields.number(0) < 0
        || fields.number(0) > Integer.MAX_VALUE
        || fields.number(1) < 0) {
      lastSeq = -1;
      verifier.malformed(value);
      return false;
    }
    lastSeq = fields.number(0);
    verifier.observe(lastSeq);
    // a row for an event that is no bid is phantom (no query emits one), not also wrong
    if (NexmarkEvents.kind(lastSeq) == NexmarkEvents.BID
        && !rowMatches(lastSeq, fields.number(1))) {
      wrong++;
      notes.example("wrong", new String(value, java.nio.charset.StandardCharsets.UTF_8));
    }
    return fields.stamps(stamps, 1, n - 2, n - 1);
  }

  /** Whether the row's columns are the query's of bid {@code seq}, intended at {@code t}. */
  private boolean rowMatches(long seq, long t) {
    NexmarkEvents.Bid bid = events.bid(seq, t / 1000);
    List<String> expected = query.columns(bid);
    for (int i = 0; i < expected.size(); i++) {
      String got = fields.text(2 + i);
      String want = expected.get(i);
      if (!got.equals(want) && !sameNumber(got, want)) {
        return false;
      }
    }
    return true;
  }

  /** Decimals an engine may print with other trailing zeros ("9080.000" for "9080.0"). */
  private static boolean sameNumber(String got, String want) {
    try {
      return new BigDecimal(got).compareTo(new BigDecimal(want)) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  @Override
  public long received() {
    return verifier.received();
  }

  @Override
  public boolean mergesObservations() {
    return true;
  }

  /** The sequence verifier's observations after the count of wrong rows. */
  @Override
  public byte[] observations() {
    byte[] seqs = verifier.observations();
    return java.nio.ByteBuffer.allocate(Long.BYTES + seqs.length).putLong(wrong).put(seqs).array();
  }

  /** Wrong rows add up; their examples stay with the share that saw them. */
  @Override
  public void replaceObservations(List<byte[]> parts) {
    SequenceVerifier merged = new SequenceVerifier();
    long wrongRows = 0;
    for (byte[] part : parts) {
      wrongRows += java.nio.ByteBuffer.wrap(part).getLong();
      merged.merge(java.util.Arrays.copyOfRange(part, Long.BYTES, part.length));
    }
    verifier = merged;
    wrong = wrongRows;
  }

  @Override
  public long lastSeq() {
    return lastSeq;
  }

  @Override
  protected boolean allArrived() {
    return verifier.seenAll(expectedSeqs);
  }

  @Override
  public Verdict verdict() {
    VerdictBuilder v = verifier.builder(expectedSeqs, guarantee, "rows");
    v.violation("wrong", wrong, wrong + " rows whose columns are not the query's of their bid");
    v.examplesFrom(notes);
    return v.build();
  }
}
