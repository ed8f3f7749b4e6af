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

/**
 * q4's first stage, on the tasks of the auctions' ids: each auction's highest bid from its opening
 * to its expiry, both included, and its latest {@code t} and {@code in} over it and those bids, in
 * a key-value store by auction; a second store indexes the open auctions by expiry (zero-padded, so
 * that the expired are one range). The task's stream time is the highest timestamp it has seen, as
 * for the DSL's windows: once it passes an auction's expiry and {@code watermark.delay.ms}, no bid
 * in time can come without being late, so the auction closes and, if it had a bid, its {@link
 * Winner} goes on, timestamped at its expiry, keyed by its category.
 *
 * <p>A bid reaches its auction's task through a repartition topic that several upstream tasks
 * write, so it may come before its auction: it waits in the auction's entry until the auction
 * arrives, unless it is already late (then it is dropped and counted among the task's dropped
 * records). The end marker, which the gate before this stage passes once every upstream task has
 * sent its own, closes every auction, and goes on as {@link Winner#END}. So that the second stage's
 * gate counts this task, its first record also sends {@link Winner#NONE} on.
 */
final class WinningBids implements Processor<String, WinningBids.Part, String, WinningBids.Winner> {
  static final String AUCTIONS = "q4-auctions";
  static final String CLOSING = "q4-closing";

  private static final String STREAM_TIME = "!stream-time";
  private static final String PENDING = "P";
  private static final long NONE = Long.MIN_VALUE;

  private final long graceMs;
  private ProcessorContext<String, Winner> context;
  private KeyValueStore<String, String> auctions;
  private KeyValueStore<String, String> closing;
  private Sensor dropped;
  private long streamTime;
  private boolean announced;

  WinningBids(long graceMs) {
    this.graceMs = graceMs;
  }

  /**
   * An auction ({@code kind} {@link NexmarkEvents#AUCTION}: its id, opening, expiry and category)
   * or a bid ({@link NexmarkEvents#BID}: its auction, time and price), with its {@code t} and
   * {@code in}; {@link #NONE} a control record.
   */
  record Part(
      int kind,
      long auction,
      long dateTime,
      long expires,
      long category,
      long price,
      long t,
      long in) {
    static final Part NONE = new Part(-1, -1, 0, 0, 0, 0, 0, 0);
    static final Serde<Part> SERDE =
        NexmarkWindows.text(
            p ->
                p.kind
                    + ","
                    + p.auction
                    + ","
                    + p.dateTime
                    + ","
                    + p.expires
                    + ","
                    + p.category
                    + ","
                    + p.price
                    + ","
                    + p.t
                    + ","
                    + p.in,
            text ->
                new Part(
                    Csv.intField(text, 0),
                    Csv.longField(text, 1),
                    Csv.longField(text, 2),
                    Csv.longField(text, 3),
                    Csv.longField(text, 4),
                    Csv.longField(text, 5),
                    Csv.longField(text, 6),
                    Csv.longField(text, 7)));

    /** The stamped event's part keyed by its auction, or null for a person. */
    static KeyValue<String, Part> of(String e) {
      long t = Csv.longField(e, 1);
      long in = IdentityRecords.lastStamp(e);
      return switch (NexmarkTopology.kind(e)) {
        case NexmarkEvents.AUCTION ->
            KeyValue.pair(
                Csv.field(e, 3),
                new Part(
                    NexmarkEvents.AUCTION,
                    Csv.longField(e, 3),
                    Csv.longField(e, 8),
                    Csv.longField(e, 9),
                    Csv.longField(e, 11),
                    0,
                    t,
                    in));
        case NexmarkEvents.BID ->
            KeyValue.pair(
                Csv.field(e, 3),
                new Part(
                    NexmarkEvents.BID,
                    Csv.longField(e, 3),
                    Csv.longField(e, 6),
                    0,
                    0,
                    Csv.longField(e, 5),
                    t,
                    in));
        default -> null;
      };
    }
  }

  /**
   * A closed auction's winning price in its category, with the latest {@code t} and {@code in} of
   * it and its bids in time; {@link #NONE} announces a task, {@link #END} is the end marker.
   */
  record Winner(long category, long price, long t, long in, boolean end) {
    static final Winner NONE = new Winner(-1, 0, 0, 0, false);
    static final Winner END = new Winner(-1, 0, 0, 0, true);
    static final Serde<Winner> SERDE =
        NexmarkWindows.text(
            w -> w.category + "," + w.price + "," + w.t + "," + w.in + "," + w.end,
            text ->
                new Winner(
                    Csv.longField(text, 0),
                    Csv.longField(text, 1),
                    Csv.longField(text, 2),
                    Csv.longField(text, 3),
                    Csv.field(text, 4).equals("true")));
  }

  /** An open auction as its entry holds it. */
  private record Open(long category, long opened, long expires, long price, long t, long in) {
    static Open parse(String entry) {
      return new Open(
          Csv.longField(entry, 0),
          Csv.longField(entry, 1),
          Csv.longField(entry, 2),
          Csv.longField(entry, 3),
          Csv.longField(entry, 4),
          Csv.longField(entry, 5));
    }

    /** With the bid at {@code dateTime} if in time. */
    Open bid(long dateTime, long bidPrice, long bidT, long bidIn) {
      if (dateTime < opened || dateTime > expires) {
        return this;
      }
      return new Open(
          category,
          opened,
          expires,
          Math.max(price, bidPrice),
          Math.max(t, bidT),
          Math.max(in, bidIn));
    }

    String encode() {
      return category + "," + opened + "," + expires + "," + price + "," + t + "," + in;
    }
  }

  @Override
  public void init(ProcessorContext<String, Winner> context) {
    this.context = context;
    this.auctions = context.getStateStore(AUCTIONS);
    this.closing = context.getStateStore(CLOSING);
    String stored = auctions.get(STREAM_TIME);
    this.streamTime = stored == null ? NONE : Long.parseLong(stored);
    this.dropped = DroppedRecords.sensor(context, "q4-winning-bids", "q4's bids too late");
  }

  @Override
  public void process(Record<String, Part> record) {
    if (!announced) {
      announced = true;
      context.forward(record.withKey(NexmarkWindows.TASK).withValue(Winner.NONE));
    }
    if (record.timestamp() > streamTime) {
      streamTime = record.timestamp();
      auctions.put(STREAM_TIME, Long.toString(streamTime));
    }
    Part part = record.value();
    switch (part.kind()) {
      case NexmarkEvents.AUCTION -> open(part);
      case NexmarkEvents.BID -> bid(part);
      default -> {} // the end marker: it has moved stream time past every auction
    }
    closeExpired(record);
    if (part.kind() < 0) {
      context.forward(record.withKey(NexmarkWindows.END).withValue(Winner.END));
    }
  }

  private void open(Part a) {
    String key = Long.toString(a.auction());
    String entry = auctions.get(key);
    Open auction = new Open(a.category(), a.dateTime(), a.expires(), -1, a.t(), a.in());
    if (entry != null && entry.startsWith(PENDING)) {
      for (String bid : entry.substring(PENDING.length() + 1).split(";")) {
        String[] f = bid.split(":");
        auction =
            auction.bid(
                Long.parseLong(f[0]),
                Long.parseLong(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3]));
      }
    }
    auctions.put(key, auction.encode());
    closing.put(expiryKey(a.expires(), a.auction()), "");
  }

  private void bid(Part b) {
    String key = Long.toString(b.auction());
    String entry = auctions.get(key);
    if (entry != null && !entry.startsWith(PENDING)) {
      auctions.put(key, Open.parse(entry).bid(b.dateTime(), b.price(), b.t(), b.in()).encode());
      return;
    }
    if (b.dateTime() < streamTime - graceMs) {
      dropped.record();
      return;
    }
    String waiting = b.dateTime() + ":" + b.price() + ":" + b.t() + ":" + b.in();
    auctions.put(key, entry == null ? PENDING + ";" + waiting : entry + ";" + waiting);
  }

  /** Closes every open auction whose expiry and grace stream time has passed. */
  private void closeExpired(Record<String, Part> trigger) {
    long bound = streamTime - graceMs;
    List<String> closed = new ArrayList<>();
    try (KeyValueIterator<String, String> due = closing.range("0", expiryKey(bound - 1, -1))) {
      while (due.hasNext()) {
        closed.add(due.next().key);
      }
    }
    for (String index : closed) {
      String id = index.substring(index.indexOf(':') + 1);
      Open auction = Open.parse(auctions.get(id));
      if (auction.price() >= 0) {
        context.forward(
            trigger
                .withKey(Long.toString(auction.category()))
                .withValue(
                    new Winner(
                        auction.category(), auction.price(), auction.t(), auction.in(), false))
                .withTimestamp(auction.expires()));
      }
      auctions.delete(id);
      closing.delete(index);
    }
  }

  /**
   * An open auction's index key, {@code 0000001796110744000:1234}; with {@code auction} -1, a key
   * past every auction expiring at {@code expires}.
   */
  private static String expiryKey(long expires, long auction) {
    return String.format("%019d", expires) + (auction < 0 ? ";" : ":" + auction);
  }
}
