package org.streambench.harness.collector;

import java.util.List;

/**
 * What the collector of one share of the output saw (an agent's), for the harness to merge with the
 * other shares' into one report ({@link MergedCollection}). Receive times are on the harness's
 * clock; histograms are {@link HistogramBytes}.
 *
 * @param received output records read, malformed ones included
 * @param firstReceiveMicros the first one's receive time, 0 if none
 * @param lastReceiveMicros the last one's receive time, 0 if none
 * @param steadyE2e end-to-end latency (µs) of the steady state's records
 * @param steadyEngine their engine latency (µs)
 * @param steadyReceived records received in the steady window
 * @param negativeE2e records with a negative end-to-end latency (counted, not recorded)
 * @param negativeEngine records with a negative engine latency
 * @param seconds every second from the origin, closed
 * @param ownE2e steady end-to-end latency of the records this share's process generated: its own
 *     clock at both ends, so no clock offset enters it
 * @param othersE2e that of the records other processes generated, corrected by both offsets
 * @param observations the workload check's observations ({@code OutputCheck#observations})
 * @param threadCpuSeconds CPU of its consumer threads
 * @param allocatedBytes heap they allocated
 */
public record CollectedPart(
    long received,
    long firstReceiveMicros,
    long lastReceiveMicros,
    byte[] steadyE2e,
    byte[] steadyEngine,
    long steadyReceived,
    long negativeE2e,
    long negativeEngine,
    List<LatencySecond> seconds,
    byte[] ownE2e,
    byte[] othersE2e,
    byte[] observations,
    double threadCpuSeconds,
    long allocatedBytes) {}
