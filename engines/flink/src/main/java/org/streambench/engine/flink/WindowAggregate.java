package org.streambench.engine.flink;

import org.apache.flink.api.common.functions.AggregateFunction;
import org.streambench.api.workload.WindowStats;

/**
 * Incremental aggregation of an event-time window of ysb and uricount: the window state is one
 * {@link WindowStats} (count, newest event time and entry stamp), not its records.
 */
final class WindowAggregate<T extends WindowAggregate.Timed>
    implements AggregateFunction<T, WindowStats, WindowStats> {

  /** A record counted in such a window. */
  interface Timed {
    long eventMicros();

    long inMicros();
  }

  @Override
  public WindowStats createAccumulator() {
    return new WindowStats();
  }

  @Override
  public WindowStats add(T record, WindowStats acc) {
    return acc.add(record.eventMicros(), record.inMicros());
  }

  @Override
  public WindowStats getResult(WindowStats acc) {
    return acc;
  }

  @Override
  public WindowStats merge(WindowStats a, WindowStats b) {
    return a.merge(b);
  }
}
