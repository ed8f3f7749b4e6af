package org.streambench.engine.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.window;

import java.sql.Timestamp;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The event-time windowed count ysb and uricount share: {@code withWatermark} on the {@code
 * eventTime} column, then {@code groupBy(window(eventTime, window.ms), key)} with count and the
 * newest event time and entry stamp (the record that last updated the window is what latency is
 * measured on). Run in {@code update} output mode, each micro-batch emits the windows whose count
 * it changed; the state store keeps a window until the watermark passes its end.
 *
 * <p>Spark's watermark is one number per query: the maximum event time seen in earlier batches,
 * across all partitions, minus the delay. Records older than it are dropped and windows older than
 * it are evicted, so the delay is out-of-orderness plus allowed lateness (Spark has no separate
 * lateness: in update mode a window's count is emitted whenever it changes, not at a firing).
 */
final class EventTime {
  private EventTime() {}

  /**
   * A record counted per key in event-time windows: a ysb view (key: its campaign) or an access log
   * (key: its uri). A bean, so Spark stores it as columns.
   */
  public static final class Timed {
    private String key;
    private Timestamp eventTime;
    private long eventMicros;
    private long inMicros;

    static Timed of(String key, long eventMicros, long inMicros) {
      Timed t = new Timed();
      t.key = key;
      t.eventMicros = eventMicros;
      t.eventTime = timestamp(eventMicros);
      t.inMicros = inMicros;
      return t;
    }

    public String getKey() {
      return key;
    }

    public void setKey(String key) {
      this.key = key;
    }

    public Timestamp getEventTime() {
      return eventTime;
    }

    public void setEventTime(Timestamp eventTime) {
      this.eventTime = eventTime;
    }

    public long getEventMicros() {
      return eventMicros;
    }

    public void setEventMicros(long eventMicros) {
      this.eventMicros = eventMicros;
    }

    public long getInMicros() {
      return inMicros;
    }

    public void setInMicros(long inMicros) {
      this.inMicros = inMicros;
    }
  }

  /**
   * Counts {@code records} per key and window; result columns {@code key, windowStart (timestamp),
   * count, maxEventUs, maxInUs}.
   */
  static Dataset<Row> countPerWindow(Dataset<Timed> records, long windowMs, long watermarkDelayMs) {
    return records
        .withWatermark("eventTime", watermarkDelayMs + " milliseconds")
        .groupBy(window(col("eventTime"), windowMs + " milliseconds").as("w"), col("key"))
        .agg(
            count(lit(1)).as("count"),
            max("eventMicros").as("maxEventUs"),
            max("inMicros").as("maxInUs"))
        .select(col("key"), col("w.start"), col("count"), col("maxEventUs"), col("maxInUs"));
  }

  /** A Spark timestamp (µs precision) for epoch microseconds. */
  static Timestamp timestamp(long micros) {
    Timestamp ts = new Timestamp(Math.floorDiv(micros, 1000));
    ts.setNanos((int) Math.floorMod(micros, 1_000_000L) * 1000);
    return ts;
  }

  /** Epoch microseconds of a Spark timestamp. */
  static long micros(Timestamp ts) {
    return Math.floorDiv(ts.getTime(), 1000) * 1_000_000L + ts.getNanos() / 1000;
  }
}
