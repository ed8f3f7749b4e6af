package org.streambench.harness.collector;

import java.util.List;
import org.streambench.verifier.Verdict;

/**
 * What the collector hands each output record to (a workload's checks), and asks whether every
 * expected output has arrived. Called on the collector's threads under its lock, one record at a
 * time.
 */
public interface OutputRecords {
  /**
   * Checks one output record and fills {@code stamps} with the intended time of the newest input it
   * reflects, its entry stamp and the output stamp (µs); false if it carries no latency.
   */
  boolean observe(byte[] value, long[] stamps);

  /** Output records seen, malformed ones included. */
  long received();

  /** Records generated, or -1 while the generator is still running. */
  long expectedSoFar();

  /** Once the generator is done: whether every expected output has arrived. */
  boolean complete();

  /** The verdict against what was generated; only once the generator is done. */
  Verdict verdict();

  /** The seq of the input record the output just observed came from, or -1 where none does. */
  long lastSeq();

  /** What it has observed, for the harness to merge with other collectors' (agents'). */
  byte[] observations();

  /** Takes the merge of other collectors' {@link #observations} in place of its own. */
  void replaceObservations(List<byte[]> parts);
}
