package org.streambench.verifier.workload;

import org.streambench.verifier.Verdict;

/**
 * One workload's check of one run: it encodes the input records in seq order and tallies what it
 * generated, and judges the output lines against that tally. The harness drives it from its
 * generator and collector threads; an engine's tests drive it from one thread (see {@link Replay}).
 *
 * <pre>
 * int len = check.encode(seq, intendedMicros, buf);    // generator thread, in seq order
 * send(topic[check.stream()], check.key(), buf[0..len]);
 * check.expect(sent);                                  // after the generator
 * if (check.observe(value, stamps)) latency.record(stamps...);   // collector thread
 * check.complete(); check.verdict();                   // collector thread, after expect
 * </pre>
 *
 * Encoding and observing allocate nothing per record beyond what the workload's record format
 * needs; neither locks (the collector hands records over one at a time).
 */
public abstract class OutputCheck {
  private volatile long expected = -1;

  /** An upper bound of the bytes {@link #encode} writes. */
  public abstract int maxRecordBytes();

  /** Encodes record {@code seq} with intended send time {@code t} (µs) into {@code buf}. */
  public abstract int encode(long seq, long t, byte[] buf);

  /** The input stream (index into the run's input topics) of the record just encoded. */
  public int stream() {
    return 0;
  }

  /** The Kafka key of the record just encoded, or null. */
  public byte[] key() {
    return null;
  }

  /**
   * Whether {@link #encode}, {@link #stream} and {@link #key} may run on several threads at once:
   * only input whose encoding keeps no tally.
   */
  public boolean encodesConcurrently() {
    return false;
  }

  /** The end marker written to every partition after the last record, or -1 for none. */
  public int encodeEndMarker(long lastT, byte[] buf) {
    return -1;
  }

  /**
   * A fixed delay the job adds between its last input and its last output (join's processing-time
   * timer), subtracted from drain-mode time; 0 for most workloads.
   */
  public long outputDelayMicros() {
    return 0;
  }

  /**
   * Generation is over after {@code sent} records. Finishes the expectations (work too slow for the
   * generator thread belongs here) before completeness may be judged.
   */
  public final void expect(long sent) {
    prepareExpectations(sent);
    expected = sent;
  }

  /** Hook of {@link #expect}. */
  protected void prepareExpectations(long sent) {}

  /** Records generated, or -1 before {@link #expect}. */
  public final long expectedSoFar() {
    return expected;
  }

  /** Records generated, or -1 before {@link #expect}. */
  protected final long expected() {
    return expected;
  }

  /**
   * Checks one output record and fills {@code stamps} with the intended time of the newest input it
   * reflects, its entry stamp and the output stamp (µs); false if it carries no latency.
   */
  public abstract boolean observe(byte[] value, long[] stamps);

  /** Output records seen, malformed ones included. */
  public abstract long received();

  /**
   * Whether checks of one run that each observed a share of the output can be merged into one
   * ({@link #observations}, {@link #replaceObservations}): output that names the one input record
   * it came from (identity, sleep, grep).
   */
  public boolean mergesObservations() {
    return false;
  }

  /** What it has observed, for another process's {@link #replaceObservations}. */
  public byte[] observations() {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not merge");
  }

  /**
   * Forgets what it observed and takes the merge of {@code parts} (each another check's {@link
   * #observations} of the same run) instead.
   */
  public void replaceObservations(java.util.List<byte[]> parts) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not merge");
  }

  /** The seq of the input record the output just observed came from, or -1 where none does. */
  public long lastSeq() {
    return -1;
  }

  /** After {@link #expect}: whether every expected output has arrived. */
  public final boolean complete() {
    return expected >= 0 && allArrived();
  }

  protected abstract boolean allArrived();

  /** The verdict against what was generated; only after {@link #expect}. */
  public abstract Verdict verdict();
}
