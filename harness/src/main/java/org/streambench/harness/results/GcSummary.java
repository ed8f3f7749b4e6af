package org.streambench.harness.results;

/**
 * Garbage collection of one process (or of a role's processes together) in the steady state, from
 * its GC log.
 *
 * @param pauses stop-the-world pauses
 * @param pauseTotalMillis their summed length
 * @param pauseMaxMillis the longest
 * @param heapAfterGcMaxBytes the largest heap left after a pause: the live data and what could not
 *     be collected yet (-1 without a pause)
 * @param allocationBytesPerSecond heap allocated per second, counted at the pauses (NaN without a
 *     pause)
 */
public record GcSummary(
    int pauses,
    double pauseTotalMillis,
    double pauseMaxMillis,
    long heapAfterGcMaxBytes,
    double allocationBytesPerSecond) {}
