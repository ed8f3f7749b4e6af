package org.streambench.harness.results;

/**
 * The GC pauses of one second of a run (of one process, or of a role's processes together).
 *
 * @param second seconds since the origin of the run's per-second series
 * @param pauses stop-the-world pauses that ended in it
 * @param pauseMillis their summed length
 * @param heapAfterGcMaxBytes the largest heap left after one of them
 */
public record GcSecond(long second, int pauses, double pauseMillis, long heapAfterGcMaxBytes) {}
