package org.streambench.harness.collector;

import java.util.List;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LatencySummary;
import org.streambench.verifier.Verdict;

/**
 * What the collector saw on the output topic.
 *
 * @param received output records read (including duplicates and phantoms)
 * @param firstReceiveMicros epoch micros of the first output record (0 if none)
 * @param lastReceiveMicros epoch micros of the last output record (0 if none)
 * @param endToEnd steady-state latency from intended send time to receive time
 * @param engine steady-state latency from the engine's in-stamp to its out-stamp
 * @param steadyReceived records received during the steady window (by receive time)
 * @param negativeEndToEnd records whose end-to-end latency was negative (counted, not recorded)
 * @param negativeEngine records whose engine latency was negative (counted, not recorded)
 * @param steady the steady window the latencies above were taken in
 * @param intervals per-second output counts and latency percentiles
 * @param verdict the verifier's verdict against the generated input
 * @param timedOut whether the collector stopped waiting for missing records
 * @param threadCpuSeconds CPU of the collector thread
 * @param allocatedBytesPerRecord heap the collector thread allocated per record received
 */
public record CollectorReport(
    long received,
    long firstReceiveMicros,
    long lastReceiveMicros,
    LatencySummary endToEnd,
    LatencySummary engine,
    long steadyReceived,
    long negativeEndToEnd,
    long negativeEngine,
    SteadyWindow steady,
    List<IntervalPoint> intervals,
    Verdict verdict,
    boolean timedOut,
    double threadCpuSeconds,
    double allocatedBytesPerRecord) {}
