package org.streambench.harness.workload;

import org.streambench.harness.collector.OutputRecords;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.generator.InputRecords;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.workload.OutputCheck;

/**
 * The workload side of one run: the generator's {@link InputRecords} and the collector's {@link
 * OutputRecords}, handed to the workload's {@link OutputCheck} (the verifier module's, which engine
 * tests use too), plus what only the harness does: services outside Kafka ({@link #setUp}, {@link
 * #checkExternal}). The generator thread encodes input records in seq order and the check tallies
 * what it generated; once generation is over the run thread calls {@link #expect}; the collector
 * thread then checks output records until {@link #complete()}.
 *
 * <pre>
 * int len = run.encode(seq, intendedMicros, buf);      // generator thread
 * producer.send(topic[run.stream()], run.key(), buf[0..len]);
 * run.expect(sent);                                    // run thread, after the generator
 * if (run.observe(value, stamps)) latency.record(stamps...);   // collector thread
 * run.complete(); run.verdict();                       // collector thread, after expect
 * </pre>
 */
public class WorkloadRun implements InputRecords, OutputRecords {
  private final OutputCheck check;

  public WorkloadRun(OutputCheck check) {
    this.check = check;
  }

  /** The workload's check of this run. */
  public final OutputCheck check() {
    return check;
  }

  /**
   * Prepares services outside Kafka before the engine starts (ysb loads Redis); returns extra job
   * parameters for the engine.
   */
  public java.util.Map<String, String> setUp(RunServices services) throws Exception {
    return java.util.Map.of();
  }

  /**
   * After the output is complete: checks state the engine kept outside Kafka, or null; figures it
   * measures are taken over {@code steady}, as the collector's are.
   */
  public ExternalCheck checkExternal(RunServices services, SteadyWindow steady) throws Exception {
    return null;
  }

  /**
   * A fixed delay the job adds between its last input and its last output (join's processing-time
   * timer), subtracted from drain-mode time; 0 for most workloads.
   */
  public final long outputDelayMicros() {
    return check.outputDelayMicros();
  }

  /**
   * Generation is over after {@code sent} records. Finishes the expectations before the collector
   * may judge completeness.
   */
  public final void expect(long sent) {
    check.expect(sent);
  }

  @Override
  public final int maxRecordBytes() {
    return check.maxRecordBytes();
  }

  @Override
  public final int encode(long seq, long t, byte[] buf) {
    return check.encode(seq, t, buf);
  }

  @Override
  public final int stream() {
    return check.stream();
  }

  @Override
  public final byte[] key() {
    return check.key();
  }

  @Override
  public final boolean encodesConcurrently() {
    return check.encodesConcurrently();
  }

  @Override
  public final int encodeEndMarker(long lastT, byte[] buf) {
    return check.encodeEndMarker(lastT, buf);
  }

  /** Records generated, or -1 while the generator is still running. */
  @Override
  public final long expectedSoFar() {
    return check.expectedSoFar();
  }

  @Override
  public final boolean observe(byte[] value, long[] stamps) {
    return check.observe(value, stamps);
  }

  @Override
  public final long received() {
    return check.received();
  }

  @Override
  public final boolean complete() {
    return check.complete();
  }

  @Override
  public final Verdict verdict() {
    return check.verdict();
  }

  @Override
  public final long lastSeq() {
    return check.lastSeq();
  }

  @Override
  public final byte[] observations() {
    return check.observations();
  }

  @Override
  public final void replaceObservations(java.util.List<byte[]> parts) {
    check.replaceObservations(parts);
  }
}
