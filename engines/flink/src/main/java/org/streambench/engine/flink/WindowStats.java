package org.streambench.engine.flink;

import org.apache.flink.api.common.functions.AggregateFunction;

/**
 * What an event-time window of ysb and uricount keeps: its count and the newest event time and
 * entry stamp among its records (the record that last updated the window is what latency is
 * measured on).
 */
public final class WindowStats {
  public long count;
  public long maxEventMicros = Long.MIN_VALUE;
  public long maxInMicros = Long.MIN_VALUE;

  /** A record counted in such a window. */
  interface Timed {
    long eventMicros();

    long inMicros();
  }

  /** Incremental aggregation: the window state is one {@link WindowStats}, not its records. */
  static final class Aggregate<T extends Timed>
      implements AggregateFunction<T, WindowStats, WindowStats> {
    @Override
    public WindowStats createAccumulator() {
      return new WindowStats();
    }

    @Override
    public WindowStats add(T record, WindowStats acc) {
      acc.count++;
      acc.maxEventMicros = Math.max(acc.maxEventMicros, record.eventMicros());
      acc.maxInMicros = Math.max(acc.maxInMicros, record.inMicros());
      return acc;
    }

    @Override
    public WindowStats getResult(WindowStats acc) {
      return acc;
    }

    @Override
    public WindowStats merge(WindowStats a, WindowStats b) {
      a.count += b.count;
      a.maxEventMicros = Math.max(a.maxEventMicros, b.maxEventMicros);
      a.maxInMicros = Math.max(a.maxInMicros, b.maxInMicros);
      return a;
    }
  }
}
