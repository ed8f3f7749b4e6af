package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.Map;

/**
 * Event time of one bolt task, kept by hand: Storm's core API has no watermarks. Per upstream task
 * it keeps the newest event time seen; the watermark is the oldest of those, minus the bounded
 * out-of-orderness and 1 ms (Flink's {@code forBoundedOutOfOrderness}), and never goes back. Storm
 * keeps tuples from one task to another in order, so an upstream task's event time only lags within
 * its out-of-orderness. An upstream task silent for {@code idleMs} stops holding the watermark back
 * (as Flink's idleness does); one never heard from does not hold it either.
 */
final class EventClock {
  private final long outOfOrdernessMs;
  private final long idleMs;
  private final Map<Integer, long[]> sources = new HashMap<>(); // task → {max event ms, last seen}
  private long watermark = Long.MIN_VALUE;

  EventClock(long outOfOrdernessMs, long idleMs) {
    this.outOfOrdernessMs = outOfOrdernessMs;
    this.idleMs = idleMs;
  }

  /** Notes an event of {@code eventMs} from upstream task {@code task} at processing time. */
  void observe(int task, long eventMs, long nowMs) {
    long[] source = sources.computeIfAbsent(task, t -> new long[] {Long.MIN_VALUE, nowMs});
    source[0] = Math.max(source[0], eventMs);
    source[1] = nowMs;
  }

  /** The watermark at processing time {@code nowMs}, in event-time ms. */
  long watermark(long nowMs) {
    long oldest = Long.MAX_VALUE;
    for (long[] source : sources.values()) {
      if (nowMs - source[1] < idleMs) {
        oldest = Math.min(oldest, source[0]);
      }
    }
    if (oldest != Long.MAX_VALUE) {
      watermark = Math.max(watermark, oldest - outOfOrdernessMs - 1);
    }
    return watermark;
  }
}
