package org.streambench.verifier;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.BitSet;
import org.streambench.api.Guarantee;

/**
 * Checks outputs that carry the sequence number of the input they came from: every expected
 * sequence number must arrive exactly once, at least once or at most once, as the guarantee says.
 * Expected is either every seq in {@code [0, n)} (identity, sleep, grouping) or a set (grep: the
 * matching lines; statemachine: the logouts).
 *
 * <pre>
 * SequenceVerifier v = new SequenceVerifier();
 * v.observe(seq);               // per output record, from the collector thread
 * v.malformed(rawRecord);       // per record that does not parse
 * Verdict verdict = v.verdict(generatedCount, guarantee);
 * </pre>
 *
 * Phantoms are records that were never expected (a sequence number outside the expected set, or an
 * unparsable record). Not thread-safe: one collector thread observes.
 *
 * <p>Where several processes each read a share of the output (agents), each keeps its own verifier
 * and the harness merges their {@link #observations()}: a seq seen by two of them is a duplicate as
 * if one had seen it twice, so the verdict stays exact and global.
 */
public final class SequenceVerifier {
  private final BitSet seen = new BitSet();
  private final BitSet seenTwice = new BitSet();
  private long received;
  private long distinct;
  private long duplicates;
  private long malformed;
  private final java.util.List<String> malformedExamples = new java.util.ArrayList<>();

  public void observe(long seq) {
    received++;
    if (seq < 0 || seq > Integer.MAX_VALUE) {
      malformed++;
      addMalformed("seq " + seq + " out of range");
      return;
    }
    int i = (int) seq;
    if (seen.get(i)) {
      duplicates++;
      seenTwice.set(i);
    } else {
      seen.set(i);
      distinct++;
    }
  }

  /** What it has seen, as bytes that {@link #merge} reads back (in another process). */
  public byte[] observations() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeLong(received);
      out.writeLong(duplicates);
      out.writeLong(malformed);
      writeBits(out, seen);
      writeBits(out, seenTwice);
      out.writeInt(malformedExamples.size());
      for (String example : malformedExamples) {
        out.writeUTF(example.length() > 200 ? example.substring(0, 200) : example);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Adds another verifier's {@link #observations()}, as if this one had seen its records too. */
  public void merge(byte[] observations) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(observations))) {
      received += in.readLong();
      long otherDuplicates = in.readLong();
      malformed += in.readLong();
      BitSet otherSeen = readBits(in);
      BitSet otherTwice = readBits(in);
      BitSet both = (BitSet) seen.clone();
      both.and(otherSeen);
      duplicates += otherDuplicates + both.cardinality();
      seenTwice.or(otherTwice);
      seenTwice.or(both);
      seen.or(otherSeen);
      distinct = seen.cardinality();
      for (int n = in.readInt(); n > 0; n--) {
        addMalformed(in.readUTF());
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("not a sequence verifier's observations", e);
    }
  }

  private static void writeBits(DataOutputStream out, BitSet bits) throws IOException {
    long[] words = bits.toLongArray();
    out.writeInt(words.length);
    for (long w : words) {
      out.writeLong(w);
    }
  }

  private static BitSet readBits(DataInputStream in) throws IOException {
    long[] words = new long[in.readInt()];
    for (int i = 0; i < words.length; i++) {
      words[i] = in.readLong();
    }
    return BitSet.valueOf(words);
  }

  public void malformed(byte[] raw) {
    received++;
    malformed++;
    addMalformed(
        raw == null ? "null value" : new String(raw, java.nio.charset.StandardCharsets.UTF_8));
  }

  private void addMalformed(String example) {
    if (malformedExamples.size() < VerdictBuilder.MAX_EXAMPLES) {
      malformedExamples.add(example);
    }
  }

  public long received() {
    return received;
  }

  /** Distinct sequence numbers seen so far, phantoms included. */
  public long distinct() {
    return distinct;
  }

  /** Whether every seq of {@code expected} has been seen. */
  public boolean seenAll(BitSet expected) {
    BitSet missing = (BitSet) expected.clone();
    missing.andNot(seen);
    return missing.isEmpty();
  }

  /** The verdict when every seq in {@code [0, expected)} was expected. */
  public Verdict verdict(long expected, Guarantee guarantee) {
    return builder(expected, guarantee).build();
  }

  /** A builder holding the checks of every seq in {@code [0, expected)} ("records"). */
  public VerdictBuilder builder(long expected, Guarantee guarantee) {
    BitSet all = new BitSet();
    all.set(0, (int) Math.min(expected, Integer.MAX_VALUE));
    return builder(all, guarantee, "records");
  }

  /** The verdict against an expected set; {@code what} names its elements in reasons. */
  public Verdict verdict(BitSet expected, Guarantee guarantee, String what) {
    return builder(expected, guarantee, what).build();
  }

  /** A builder holding the sequence checks, for workloads that add checks of their own. */
  public VerdictBuilder builder(BitSet expected, Guarantee guarantee, String what) {
    BitSet lost = (BitSet) expected.clone();
    lost.andNot(seen);
    BitSet phantoms = (BitSet) seen.clone();
    phantoms.andNot(expected);
    BitSet dups = (BitSet) seenTwice.clone();
    dups.and(expected);
    long phantom = phantoms.cardinality() + malformed;
    VerdictBuilder v = new VerdictBuilder(guarantee);
    v.count("expected", expected.cardinality());
    v.count("received", received);
    v.count("distinct", distinct - phantoms.cardinality());
    v.error("lost", lost.cardinality(), "of " + expected.cardinality() + " " + what + " lost");
    v.error("duplicated", duplicates, "duplicate deliveries");
    v.error("phantom", phantom, "phantom records (never expected)");
    ranges(lost, v, "lost");
    setBits(dups, v, "duplicated");
    setBits(phantoms, v, "phantom");
    malformedExamples.forEach(e -> v.example("phantom", e));
    return v;
  }

  private static void ranges(BitSet bits, VerdictBuilder v, String kind) {
    for (int from = bits.nextSetBit(0); from >= 0 && v.wantsExample(kind); ) {
      int to = bits.nextClearBit(from);
      v.example(kind, to - from == 1 ? "seq " + from : "seq " + from + ".." + (to - 1));
      from = bits.nextSetBit(to);
    }
  }

  private static void setBits(BitSet bits, VerdictBuilder v, String kind) {
    for (int i = bits.nextSetBit(0); i >= 0 && v.wantsExample(kind); i = bits.nextSetBit(i + 1)) {
      v.example(kind, "seq " + i);
    }
  }
}
