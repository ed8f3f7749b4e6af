package org.streambench.verifier.workload;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * Nexmark's stateless queries (docs/nexmark.md): each output row is one bid, {@code seq,t,<the
 * query's columns>,in,out}, expected once for every bid the query keeps; its columns must be the
 * query's of the bid that {@code seq} and {@code t} regenerate ({@link NexmarkEvents#bidAt}), else
 * the row is wrong.
 *
 * <ul>
 *   <li>q0, pass-through: {@code auction,bidder,price,dateTime,extra} of every bid;
 *   <li>q1, currency conversion: the same with {@code price} in euros, {@code 0.908 × price};
 *   <li>q2, selection: {@code auction,price} of the bids whose auction is a multiple of {@code
 *       auction-skip} (123);
 *   <li>q14, calculation: q1's columns with the bid's time of day and its count of 'c' in {@code
 *       extra}, of the bids between 1 and 50 million euros.
 * </ul>
 */
public final class NexmarkCheck extends SeqOutputCheck {
  private final NexmarkEvents events;
  private final NexmarkQuery query;
  private final Guarantee guarantee;
  private final OutputFields fields;
  private VerdictBuilder notes = new VerdictBuilder(Guarantee.AT_LEAST_ONCE);
  private BitSet wrong = new BitSet();
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
      if (events.kindAt(seq) == NexmarkEvents.BID && query.keepsBidAt(events, seq)) {
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
      malformed(value);
      return false;
    }
    long seq = fields.number(0);
    observed(seq);
    // a row for an event that is no bid is phantom (no query emits one); so is one for a bid the
    // query does not keep, and the verdict counts as wrong only the kept bids' rows
    if (events.kindAt(seq) == NexmarkEvents.BID && !rowMatches(seq, fields.number(1))) {
      wrong.set((int) seq);
      notes.example("wrong", new String(value, StandardCharsets.UTF_8));
    }
    return fields.stamps(stamps, 1, n - 2, n - 1);
  }

  /** Whether the row's columns are the query's of the bid at {@code seq}, intended at {@code t}. */
  private boolean rowMatches(long seq, long t) {
    NexmarkEvents.Bid bid = events.bidAt(seq, t);
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

  /** The seqs of its wrong rows and their first examples, then the sequence verifier's. */
  @Override
  public byte[] observations() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      long[] words = wrong.toLongArray();
      out.writeInt(words.length);
      for (long w : words) {
        out.writeLong(w);
      }
      List<String> examples = notes.build().examples().getOrDefault("wrong", List.of());
      out.writeInt(examples.size());
      for (String example : examples) {
        out.writeUTF(example.length() > 500 ? example.substring(0, 500) : example);
      }
      out.write(super.observations());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  @Override
  public void replaceObservations(List<byte[]> parts) {
    List<byte[]> seqs = new java.util.ArrayList<>();
    BitSet wrongRows = new BitSet();
    VerdictBuilder examples = new VerdictBuilder(Guarantee.AT_LEAST_ONCE);
    for (byte[] part : parts) {
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(part))) {
        long[] words = new long[in.readInt()];
        for (int i = 0; i < words.length; i++) {
          words[i] = in.readLong();
        }
        wrongRows.or(BitSet.valueOf(words));
        for (int n = in.readInt(); n > 0; n--) {
          examples.example("wrong", in.readUTF());
        }
        seqs.add(in.readAllBytes());
      } catch (IOException e) {
        throw new IllegalArgumentException("not a Nexmark check's observations", e);
      }
    }
    super.replaceObservations(seqs);
    wrong = wrongRows;
    notes = examples;
  }

  @Override
  protected boolean allArrived() {
    return verifier().seenAll(expectedSeqs);
  }

  @Override
  public Verdict verdict() {
    VerdictBuilder v = verifier().builder(expectedSeqs, guarantee, "rows");
    BitSet wrongKept = (BitSet) wrong.clone();
    wrongKept.and(expectedSeqs);
    long n = wrongKept.cardinality();
    v.violation("wrong", n, n + " rows whose columns are not the query's of their bid");
    v.examplesFrom(notes);
    return v.build();
  }
}
