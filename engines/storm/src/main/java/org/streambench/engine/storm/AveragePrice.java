package org.streambench.engine.storm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.workload.NexmarkQuery;

/**
 * q4, average price for a category, in one task (every auction and bid by {@code globalGrouping},
 * as q7: the second stage's windows need the watermark of every first-stage task, which Storm's
 * core API does not carry downstream). Each auction keeps its highest bid from its opening to its
 * expiry, both included, and the latest {@code t} and {@code in} of it and those bids; once the
 * watermark ({@link EventClock}, the oldest spout task's newest event time less {@code
 * watermark.delay.ms}) reaches its expiry no bid in time can come, so its winning price goes into
 * the tumbling 10 s window of its expiry, per category; once the watermark reaches a window's last
 * millisecond, a row per category, {@code seq,t,category,average,starttime,in} (the category as the
 * row's {@code seq}, the average the sum's integer quotient by the count). A bid that comes before
 * its auction (from another spout task) waits for it while it is not late; one that comes after the
 * watermark passed its time and found no auction open is dropped as late.
 */
final class AveragePrice extends ResultBolt {
  private static final long serialVersionUID = 1L;
  private static final long WINDOW_MS = NexmarkQuery.WINDOW_MS;

  private final long delayMs;
  private transient EventClock clock;
  private transient Map<Long, Open> open; // by auction id
  private transient TreeMap<Long, List<Long>> byExpiry;
  private transient Map<Long, List<Bid>> waiting; // bids by auction id, their auction not seen
  private transient TreeMap<Long, Map<Long, long[]>>
      windows; // start → category → sum, count, t, in
  private transient long pruned;

  AveragePrice(long delayMs) {
    this.delayMs = delayMs;
  }

  private static final class Open {
    final long category;
    final long opened;
    final long expires;
    long price = -1;
    long t;
    long in;

    Open(long category, long opened, long expires, long t, long in) {
      this.category = category;
      this.opened = opened;
      this.expires = expires;
      this.t = t;
      this.in = in;
    }

    void bid(Bid b) {
      if (b.dateTime >= opened && b.dateTime <= expires) {
        price = Math.max(price, b.price);
        t = Math.max(t, b.t);
        in = Math.max(in, b.in);
      }
    }
  }

  private record Bid(long dateTime, long price, long t, long in) {}

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context) {
    clock = EventClock.ofSpoutTasks(delayMs, context);
    open = new HashMap<>();
    byExpiry = new TreeMap<>();
    waiting = new HashMap<>();
    windows = new TreeMap<>();
    pruned = Long.MIN_VALUE;
  }

  @Override
  public void execute(Tuple input, BasicOutputCollector collector) {
    long now = System.currentTimeMillis();
    if (!TupleUtils.isTick(input)) {
      clock.observe(input.getSourceTask(), input.getLongByField("dateTime"), now);
      switch (input.getSourceStreamId()) {
        case NexmarkTopology.AUCTIONS -> open(input);
        case NexmarkTopology.MARKERS -> {} // it has moved event time
        default -> bid(input, clock.watermark(now));
      }
    }
    long watermark = clock.watermark(now);
    closeAuctions(watermark);
    closeWindows(watermark, collector);
  }

  private void open(Tuple a) {
    long id = a.getLongByField("id");
    Open auction =
        new Open(
            a.getLongByField("category"),
            a.getLongByField("dateTime"),
            a.getLongByField("expires"),
            a.getLongByField("t"),
            a.getLongByField("in"));
    List<Bid> early = waiting.remove(id);
    if (early != null) {
      early.forEach(auction::bid);
    }
    open.put(id, auction);
    byExpiry.computeIfAbsent(auction.expires, e -> new ArrayList<>()).add(id);
  }

  private void bid(Tuple b, long watermark) {
    Bid bid =
        new Bid(
            b.getLongByField("dateTime"),
            b.getLongByField("price"),
            b.getLongByField("t"),
            b.getLongByField("in"));
    Open auction = open.get(b.getLongByField("auction"));
    if (auction != null) {
      auction.bid(bid);
    } else if (bid.dateTime > watermark) {
      waiting.computeIfAbsent(b.getLongByField("auction"), k -> new ArrayList<>()).add(bid);
    }
  }

  /** Auctions whose expiry the watermark has reached go to their window; stale waiters go. */
  private void closeAuctions(long watermark) {
    while (!byExpiry.isEmpty() && byExpiry.firstKey() <= watermark) {
      for (long id : byExpiry.pollFirstEntry().getValue()) {
        Open a = open.remove(id);
        if (a.price >= 0) {
          long start = a.expires - Math.floorMod(a.expires, WINDOW_MS);
          long[] w =
              windows
                  .computeIfAbsent(start, s -> new HashMap<>())
                  .computeIfAbsent(
                      a.category, c -> new long[] {0, 0, Long.MIN_VALUE, Long.MIN_VALUE});
          w[0] += a.price;
          w[1]++;
          w[2] = Math.max(w[2], a.t);
          w[3] = Math.max(w[3], a.in);
        }
      }
    }
    if (watermark <= pruned) {
      return;
    }
    pruned = watermark;
    for (Iterator<List<Bid>> it = waiting.values().iterator(); it.hasNext(); ) {
      List<Bid> bids = it.next();
      bids.removeIf(b -> b.dateTime <= watermark);
      if (bids.isEmpty()) {
        it.remove();
      }
    }
  }

  private void closeWindows(long watermark, BasicOutputCollector collector) {
    while (!windows.isEmpty() && windows.firstKey() + WINDOW_MS - 1 <= watermark) {
      Map.Entry<Long, Map<Long, long[]>> closed = windows.pollFirstEntry();
      long start = closed.getKey();
      closed
          .getValue()
          .forEach(
              (category, w) ->
                  collector.emit(
                      new Values(
                          NexmarkTopology.row(
                              category, w[2], category + "," + w[0] / w[1] + "," + start, w[3]))));
    }
  }
}
