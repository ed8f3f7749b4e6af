package org.streambench.harness.workload;

import org.streambench.harness.collector.OutputRecords;
import org.streambench.harness.generator.InputRecords;
import org.streambench.harness.verify.Verdict;

/**
 * The workload side of one run. The generator thread encodes input records in seq order and the run
 * tallies what it generated; once generation is over the run thread calls {@link #expect}; the
 * collector thread then parses and checks output records until {@link #complete()}.
 *
 * <pre>
 * int len = run.encode(seq, intendedMicros, buf);      // generator thread
 * producer.send(topic[run.stream()], run.key(), buf[0..len]);
 * run.expect(sent);                                    // run thread, after the generator
 * if (run.observe(value, stamps)) latency.record(stamps...);   // collector thread
 * run.complete(); run.verdict();                       // collector thread, after expect
 * </pre>
 */
public abstract class WorkloadRun implements InputRecords, OutputRecords {
  private volatile long expected = -1;

  /**
   * Prepares services outside Kafka before the engine starts (ysb loads Redis); returns extra job
   * parameters for the engine.
   */
  public java.util.Map<String, String> setUp(RunServices services) throws Exception {
    return java.util.Map.of();
  }

  /** After the output is complete: checks state the engine kept outside Kafka, or null. */
  public ExternalCheck checkExternal(RunServices services) throws Exception {
    return null;
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
   * generator thread belongs here) before the collector may judge completeness.
   */
  public final void expect(long sent) {
    prepareExpectations(sent);
    expected = sent;
  }

  /** Hook of {@link #expect}, on the run thread. */
  protected void prepareExpectations(long sent) {}

  /** Records generated, or -1 before {@link #expect}. */
  protected final long expected() {
    return expected;
  }

  /** Records generated, or -1 while the generator is still running. */
  @Override
  public final long expectedSoFar() {
    return expected;
  }

  /**
   * Checks one output record and fills {@code stamps} with the intended time of the newest input it
   * reflects, its entry stamp and the output stamp (µs); false if it carries no latency.
   */
  @Override
  public abstract boolean observe(byte[] value, long[] stamps);

  /** Output records seen, malformed ones included. */
  @Override
  public abstract long received();

  /** After {@link #expect}: whether every expected output has arrived. */
  @Override
  public final boolean complete() {
    return expected >= 0 && allArrived();
  }

  protected abstract boolean allArrived();

  /** The verdict against what was generated; only after {@link #expect}. */
  @Override
  public abstract Verdict verdict();
}
