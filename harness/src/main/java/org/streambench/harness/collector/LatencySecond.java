package org.streambench.harness.collector;

/**
 * One second of output as a collector of a share saw it, for the harness to merge with the other
 * shares' same second ({@link MergedCollection}).
 *
 * @param index the second, counted from the harness's collector origin
 * @param count records received in it that carried latency
 * @param e2e their end-to-end latency (µs), {@link HistogramBytes}
 * @param engine their engine latency (µs), {@link HistogramBytes}
 * @param newestIntended the newest intended send time received by the second's end (epoch µs)
 * @param newestReceived when it was received (epoch µs)
 */
public record LatencySecond(
    long index, long count, byte[] e2e, byte[] engine, long newestIntended, long newestReceived) {}
