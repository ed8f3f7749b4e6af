package org.streambench.engine.kafkastreams;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.IdentityRecords;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * q5, hot items, as a processor on the one task that every bid reaches: per hopping window of
 * {@link NexmarkQuery#Q5_WINDOW_MS} every {@link NexmarkQuery#Q5_SLIDE_MS}, each auction's count of
 * bids and latest {@code t} and {@code in}, one small entry per auction and window in a key-value
 * store, keyed by the window's start (zero-padded, so that a window's entries are one range) and
 * the auction. The task's stream time is the highest timestamp it has seen, as for the DSL's
 * windows; once it passes a window's end and {@code watermark.delay.ms}, the window's range is
 * read, its rows emitted ({@code seq,t,auction,num,starttime,in} for each auction with the most
 * bids, with the window's latest {@code t} and {@code in} over all of its bids) and deleted. A bid
 * of a window already emitted is late: it is dropped, and counted among the task's dropped records.
 *
 * <p>The DSL's windowed aggregation cannot say this query well: the most bids are the whole
 * window's, so one aggregate per window would hold every auction's count and be read and written
 * whole for each of the five windows a bid falls in (at 3,000 events/s the task fell behind), and a
 * count per auction leaves the maximum to a second stage that cannot tell when a window's counts
 * are all in. Stream time and the emitted-through bound are kept in the store, so they survive a
 * restart as the DSL's processor metadata does.
 */
final class HotItems implements Processor<String, HotItems.Bid, String, String> {
  /** The entries' store. */
  static final String STORE = "q5-counts";

  private static final String STREAM_TIME = "!stream-time";
  private static final String EMITTED = "!emitted-through";
  private static final long NONE = Long.MIN_VALUE;

  private final long graceMs;
  private ProcessorContext<String, String> context;
  private KeyValueStore<String, String> counts;
  private Sensor dropped;
  private long streamTime;
  private long emittedThrough;

  HotItems(long graceMs) {
    this.graceMs = graceMs;
  }

  /**
   * A bid as q5 counts it: its auction, {@code t} and {@code in}; {@link #NONE} (a control record)
   * counts nothing but moves stream time.
   */
  record Bid(long auction, long t, long in) {
    static final Bid NONE = new Bid(-1, 0, 0);
    static final Serde<Bid> SERDE =
        NexmarkWindows.text(
            b -> b.auction + "," + b.t + "," + b.in,
            text ->
                new Bid(Csv.longField(text, 0), Csv.longField(text, 1), Csv.longField(text, 2)));

    /** The stamped bid {@code seq,t,2,auction,bidder,price,dateTime,extra,in}. */
    static Bid of(String bid) {
      return new Bid(Csv.longField(bid, 3), Csv.longField(bid, 1), IdentityRecords.lastStamp(bid));
    }
  }

  @Override
  public void init(ProcessorContext<String, String> context) {
    this.context = context;
    this.counts = context.getStateStore(STORE);
    this.streamTime = stored(STREAM_TIME);
    this.emittedThrough = stored(EMITTED);
    this.dropped = DroppedRecords.sensor(context, "q5-hot-items", "q5's bids of windows emitted");
  }

  private long stored(String key) {
    String value = counts.get(key);
    return value == null ? NONE : Long.parseLong(value);
  }

  @Override
  public void process(Record<String, Bid> record) {
    long ts = record.timestamp();
    if (ts > streamTime) {
      streamTime = ts;
      counts.put(STREAM_TIME, Long.toString(ts));
    }
    Bid bid = record.value();
    if (bid.auction() >= 0) {
      count(bid, ts);
    }
    emitClosed(record);
  }

  /** Counts {@code bid} in each window of {@code ts} not yet emitted. */
  private void count(Bid bid, long ts) {
    long last = ts - Math.floorMod(ts, NexmarkQuery.Q5_SLIDE_MS);
    for (long start = last; start > ts - NexmarkQuery.Q5_WINDOW_MS; start -= slide()) {
      if (emittedThrough != NONE && start <= emittedThrough) {
        dropped.record();
        continue;
      }
      String key = windowPrefix(start) + bid.auction();
      String entry = counts.get(key);
      counts.put(
          key,
          entry == null
              ? "1," + bid.t() + "," + bid.in()
              : (Csv.longField(entry, 0) + 1)
                  + ","
                  + Math.max(Csv.longField(entry, 1), bid.t())
                  + ","
                  + Math.max(Csv.longField(entry, 2), bid.in()));
    }
  }

  private static long slide() {
    return NexmarkQuery.Q5_SLIDE_MS;
  }

  /** Emits and deletes every window whose end and grace stream time has passed. */
  private void emitClosed(Record<String, Bid> trigger) {
    long through = streamTime - graceMs - NexmarkQuery.Q5_WINDOW_MS;
    through -= Math.floorMod(through, NexmarkQuery.Q5_SLIDE_MS);
    if (streamTime == NONE || (emittedThrough != NONE && through <= emittedThrough)) {
      return;
    }
    String from = emittedThrough == NONE ? "0" : windowPrefix(emittedThrough + 1);
    List<String> emitted = new ArrayList<>();
    Window window = null;
    try (KeyValueIterator<String, String> entries = counts.range(from, windowEnd(through))) {
      while (entries.hasNext()) {
        KeyValue<String, String> entry = entries.next();
        long start = Long.parseLong(entry.key.substring(0, entry.key.indexOf(':')));
        if (window != null && window.start != start) {
          window.emit(trigger);
          window = null;
        }
        if (window == null) {
          window = new Window(start);
        }
        window.add(Long.parseLong(entry.key.substring(entry.key.indexOf(':') + 1)), entry.value);
        emitted.add(entry.key);
      }
    }
    if (window != null) {
      window.emit(trigger);
    }
    emitted.forEach(counts::delete);
    emittedThrough = through;
    counts.put(EMITTED, Long.toString(through));
  }

  /** A window's start as its entries' keys begin, {@code 0000001796110744000:}. */
  static String windowPrefix(long start) {
    return String.format("%019d:", start);
  }

  /** A key past every entry of the window starting at {@code start}. */
  private static String windowEnd(long start) {
    return String.format("%019d;", start);
  }

  /** One window's entries as they are read, and its rows. */
  private final class Window {
    private final long start;
    private final List<Long> top = new ArrayList<>(1);
    private long most;
    private long t = NONE;
    private long in = NONE;

    Window(long start) {
      this.start = start;
    }

    /** An entry {@code count,t,in} of {@code auction}. */
    void add(long auction, String entry) {
      long count = Csv.longField(entry, 0);
      t = Math.max(t, Csv.longField(entry, 1));
      in = Math.max(in, Csv.longField(entry, 2));
      if (count > most) {
        most = count;
        top.clear();
      }
      if (count == most) {
        top.add(auction);
      }
    }

    void emit(Record<String, Bid> trigger) {
      for (long auction : top) {
        context.forward(
            trigger
                .withKey(Long.toString(auction))
                .withValue(
                    NexmarkEvents.auctionSeq(auction)
                        + ","
                        + t
                        + ","
                        + auction
                        + ","
                        + most
                        + ","
                        + start
                        + ","
                        + in));
      }
    }
  }
}
