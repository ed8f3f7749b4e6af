package org.streambench.engine.flink;

import java.time.Duration;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

/**
 * YSB's service level for event-time windows: fires when the watermark passes the window's end (as
 * {@code EventTimeTrigger}) and, while new records arrive, at most every {@code sla} of processing
 * time, so a window's current count is never older than that. It only ever FIREs, never purges:
 * each firing carries the window's full count. A late record (within allowed lateness) fires at
 * once, as the window may be dropped before a processing-time timer would come due.
 */
final class SlaTrigger extends Trigger<Object, TimeWindow> {
  private static final ValueStateDescriptor<Long> PENDING =
      new ValueStateDescriptor<>("sla-timer", Types.LONG);

  private final long slaMillis;

  SlaTrigger(Duration sla) {
    this.slaMillis = sla.toMillis();
  }

  @Override
  public TriggerResult onElement(
      Object record, long timestamp, TimeWindow window, TriggerContext ctx) throws Exception {
    if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
      return TriggerResult.FIRE;
    }
    ctx.registerEventTimeTimer(window.maxTimestamp());
    ValueState<Long> pending = ctx.getPartitionedState(PENDING);
    if (pending.value() == null) {
      long due = ctx.getCurrentProcessingTime() + slaMillis;
      ctx.registerProcessingTimeTimer(due);
      pending.update(due);
    }
    return TriggerResult.CONTINUE;
  }

  @Override
  public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
    ctx.getPartitionedState(PENDING).clear();
    return TriggerResult.FIRE;
  }

  @Override
  public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx)
      throws Exception {
    if (time != window.maxTimestamp()) {
      return TriggerResult.CONTINUE;
    }
    cancelPending(ctx); // this firing already carries everything the pending one would
    return TriggerResult.FIRE;
  }

  @Override
  public void clear(TimeWindow window, TriggerContext ctx) throws Exception {
    ctx.deleteEventTimeTimer(window.maxTimestamp());
    cancelPending(ctx);
  }

  private static void cancelPending(TriggerContext ctx) throws Exception {
    ValueState<Long> pending = ctx.getPartitionedState(PENDING);
    Long due = pending.value();
    if (due != null) {
      ctx.deleteProcessingTimeTimer(due);
      pending.clear();
    }
  }

  @Override
  public String toString() {
    return "SlaTrigger(" + slaMillis + "ms)";
  }
}
