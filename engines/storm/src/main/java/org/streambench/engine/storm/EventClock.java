package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Event time of one bolt task, kept by hand: Storm's core API has no watermarks. Per upstream task
 * it keeps the newest event time seen; the watermark is the oldest of those, minus the bounded
 * out-of-orderness and 1 ms (Flink's {@code forBoundedOutOfOrderness}), and never goes back. Storm
 * keeps tuples from one task to another in order, so an upstream task's event time only lags within
 * its out-of-orderness. An upstream task silent for {@code idleMs} stops holding the watermark back
 * (as Flink's idleness does); one never heard from holds it only if {@link #expect expected}, as
 * Flink holds it for every input channel until it sends a watermark or idles.
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

  /**
   * The clock of a bolt task reading the spout's tasks ({@link KafkaIo#SPOUT}), each {@link #expect
   * expected} from now: a watermark {@code delayMs} and 1 ms behind the oldest, idle after {@link
   * StormEngine#IDLE_SOURCE_MS}.
   */
  static EventClock ofSpoutTasks(long delayMs, TopologyContext context) {
    EventClock clock = new EventClock(delayMs, StormEngine.IDLE_SOURCE_MS);
    long now = System.currentTimeMillis();
    context.getComponentTasks(KafkaIo.SPOUT).forEach(task -> clock.expect(task, now));
    return clock;
  }

  /**
   * Holds the watermark back for upstream task {@code task}, not heard from yet, until it sends an
   * event or has been idle for {@code idleMs} from {@code nowMs}: without it, a task that starts
   * later than the others would find event time already past its first events.
   */
  void expect(int task, long nowMs) {
    sources.putIfAbsent(task, new long[] {Long.MIN_VALUE, nowMs});
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
    if (oldest != Long.MAX_VALUE && oldest != Long.MIN_VALUE) {
      watermark = Math.max(watermark, oldest - outOfOrdernessMs - 1);
    }
    return watermark;
  }
}
