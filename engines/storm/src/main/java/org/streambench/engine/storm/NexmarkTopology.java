package org.streambench.engine.storm;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.kafka.spout.KafkaTuple;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * Nexmark's queries (docs/nexmark.md): KafkaSpout → the query's bolt → KafkaBolt. The spout's
 * translator types each event as a tuple on its kind's stream (bids on the default stream, {@link
 * #BID}; people on {@value #PEOPLE}, {@link #PERSON}; auctions on {@value #AUCTIONS}, {@link
 * #AUCTION}; the end marker on {@value #MARKERS}), keeping only the kinds the query reads: the
 * other records are dropped at the spout (storm-kafka-client commits them as processed) and never
 * travel. Each query's bolt subscribes to the streams it reads:
 *
 * <ul>
 *   <li>q0, q1, q2: {@link BidQuery} per bid, {@code localOrShuffleGrouping} (no repartition).
 *   <li>q3: {@link LocalItemSuggestion}, people by {@code fieldsGrouping("id")} and auctions by
 *       {@code fieldsGrouping("seller")}, so a seller and its auctions meet in one task: an
 *       unbounded join, whichever side comes first.
 *   <li>q4: {@link AveragePrice}, every auction and bid by {@code globalGrouping} to one task, as
 *       q7 and for the same reason: each auction's winning price, then per category and window of
 *       expiry their average.
 *   <li>q5: {@link HotItems}, every bid by {@code globalGrouping} to one task as q7: a window's
 *       rows need its most bids of one auction, known only once all its bids are counted; its work
 *       is a count per bid, and per 2 s the sum of five slides' counts.
 *   <li>q7: {@link HighestBid}, every bid by {@code globalGrouping} to one task: a window's rows
 *       need its one highest price, which only a task seeing all its bids knows when it closes (a
 *       pre-aggregating stage would need each upstream task's event time passed downstream, which
 *       Storm's core API does not carry); its work is a comparison per bid.
 *   <li>q8: {@link NewUsers}, people by id and auctions by seller as q3: a windowed join.
 * </ul>
 *
 * <p>The windowed bolts keep tumbling event-time windows of {@link NexmarkQuery#WINDOW_MS} by hand
 * (q5: slides of {@link NexmarkQuery#Q5_SLIDE_MS}, five to a window; {@link TumblingWindows},
 * watermark from {@link EventClock}, {@code watermark.delay.ms} behind the oldest spout task's
 * newest event time), as this module's uricount and ysb do, and get the end marker from every spout
 * task ({@code allGrouping}) and tick tuples every second (to pass an idle spout task). Storm's own
 * windowed bolts ({@code BaseWindowedBolt}) do not fit: they hold every tuple of a window and ack
 * it only once the window is evicted, so at least once 10 s of bids would stall the spouts at
 * {@code topology.max.spout.pending} (5,000 a task) before a window could close; their watermark
 * follows the newest event time of each input stream, not the oldest of its spout tasks, so a
 * lagging partition's tuples would be dropped as late; and their windows are {@code (end − 10 s,
 * end]}, not {@code [start, start + 10 s)}.
 *
 * <p>Every row is {@code seq,t,<columns>,in}; state is hand-kept and each input acked once added
 * (not fault tolerant), as in this module's other stateful topologies.
 */
final class NexmarkTopology {
  private static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");
  private static final BigDecimal Q14_LOW_EUROS = BigDecimal.valueOf(1_000_000);
  private static final BigDecimal Q14_HIGH_EUROS = BigDecimal.valueOf(50_000_000);

  /** The stream of people ({@link #PERSON}); bids are on the default stream ({@link #BID}). */
  static final String PEOPLE = "people";

  /** The stream of auctions ({@link #AUCTION}). */
  static final String AUCTIONS = "auctions";

  /** The stream of end markers ({@link #MARKER}). */
  static final String MARKERS = "end-markers";

  /** A bid's tuple: its columns and {@code seq}, {@code t} and entry stamp {@code in}. */
  static final Fields BID =
      new Fields("seq", "t", "auction", "bidder", "price", "dateTime", "extra", "in");

  /** A person's tuple: the columns q3 and q8 read. */
  static final Fields PERSON =
      new Fields("seq", "t", "id", "name", "city", "state", "dateTime", "in");

  /** An auction's tuple: the columns q3, q4 and q8 read. */
  static final Fields AUCTION =
      new Fields("seq", "t", "id", "seller", "category", "dateTime", "expires", "in");

  /** The end marker's tuple: the event time (ms) it moves its spout task to. */
  static final Fields MARKER = new Fields("dateTime");

  private NexmarkTopology() {}

  /** q0: {@code SELECT auction, bidder, price, dateTime, extra FROM bid}. */
  static StormTopology q0(JobSpec spec) {
    return perBid(
        spec,
        "pass-through",
        bid ->
            bid.getLongByField("auction")
                + ","
                + bid.getLongByField("bidder")
                + ","
                + bid.getLongByField("price")
                + ","
                + rest(bid));
  }

  /** q1: {@code SELECT auction, bidder, 0.908 * price AS price, dateTime, extra FROM bid}. */
  static StormTopology q1(JobSpec spec) {
    return perBid(
        spec,
        "currency-conversion",
        bid ->
            bid.getLongByField("auction")
                + ","
                + bid.getLongByField("bidder")
                + ","
                + euros(bid.getLongByField("price")).toPlainString()
                + ","
                + rest(bid));
  }

  /** A price in dollars in euros, exactly: Nexmark's {@code 0.908 * price}. */
  private static BigDecimal euros(long dollars) {
    return BigDecimal.valueOf(dollars).multiply(DOLLAR_TO_EURO);
  }

  /** q2: {@code SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0}. */
  static StormTopology q2(JobSpec spec) {
    return perBid(
        spec,
        "selection",
        bid ->
            bid.getLongByField("auction") % NexmarkQuery.AUCTION_SKIP == 0
                ? bid.getLongByField("auction") + "," + bid.getLongByField("price")
                : null);
  }

  /**
   * q14, calculation: the bids between 1 and 50 million euros with q1's columns, the bid's time of
   * day ({@code bidTimeType}, UTC) and its count of 'c' in {@code extra} ({@code c_counts}), as the
   * nexmark project's SQL and its {@code count_char}; computed here, not with the check's model.
   */
  static StormTopology q14(JobSpec spec) {
    return perBid(
        spec,
        "calculation",
        bid -> {
          BigDecimal euros = euros(bid.getLongByField("price"));
          if (euros.compareTo(Q14_LOW_EUROS) <= 0 || euros.compareTo(Q14_HIGH_EUROS) >= 0) {
            return null;
          }
          String extra = bid.getStringByField("extra");
          return bid.getLongByField("auction")
              + ","
              + bid.getLongByField("bidder")
              + ","
              + euros.toPlainString()
              + ","
              + bidTimeType(bid.getLongByField("dateTime"))
              + ","
              + rest(bid)
              + ","
              + extra.chars().filter(c -> c == 'c').count();
        });
  }

  /** q14's {@code CASE} on the bid's hour of the day, in UTC. */
  private static String bidTimeType(long dateTime) {
    int hour = Instant.ofEpochMilli(dateTime).atOffset(ZoneOffset.UTC).getHour();
    if (hour >= 8 && hour <= 18) {
      return "dayTime";
    }
    return hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
  }

  /** q3: category-10 auctions joined with their sellers of Oregon, Idaho or California. */
  static StormTopology q3(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.PERSON, NexmarkEvents.AUCTION);
    builder
        .setBolt(
            "local-item-suggestion",
            new LocalItemSuggestion(),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, PEOPLE, new Fields("id"))
        .fieldsGrouping(KafkaIo.SPOUT, AUCTIONS, new Fields("seller"));
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("local-item-suggestion");
    return builder.createTopology();
  }

  /** q4: per category and tumbling window of expiry, the average winning price. */
  static StormTopology q4(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.AUCTION, NexmarkEvents.BID);
    builder
        .setBolt("average-price", new AveragePrice(watermarkDelayMs(spec)), 1)
        .globalGrouping(KafkaIo.SPOUT)
        .globalGrouping(KafkaIo.SPOUT, AUCTIONS)
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("average-price");
    return builder.createTopology();
  }

  /** q5: per sliding window (10 s every 2 s), the auctions with the most bids. */
  static StormTopology q5(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.BID);
    builder
        .setBolt("hot-items", new HotItems(watermarkDelayMs(spec)), 1)
        .globalGrouping(KafkaIo.SPOUT)
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("hot-items");
    return builder.createTopology();
  }

  /** q7: per tumbling window, the bids at its highest price. */
  static StormTopology q7(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.BID);
    builder
        .setBolt("highest-bid", new HighestBid(watermarkDelayMs(spec)), 1)
        .globalGrouping(KafkaIo.SPOUT)
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("highest-bid");
    return builder.createTopology();
  }

  /** q8: the people who opened an auction in the tumbling window they joined in. */
  static StormTopology q8(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.PERSON, NexmarkEvents.AUCTION);
    builder
        .setBolt(
            "new-users",
            new NewUsers(watermarkDelayMs(spec)),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, PEOPLE, new Fields("id"))
        .fieldsGrouping(KafkaIo.SPOUT, AUCTIONS, new Fields("seller"))
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("new-users");
    return builder.createTopology();
  }

  /** q11: per bidder, the bids of each session ({@link UserSessions}, on the bidders' tasks). */
  static StormTopology q11(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.BID);
    builder
        .setBolt(
            "user-sessions",
            new UserSessions(watermarkDelayMs(spec)),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, new Fields("bidder"))
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("user-sessions");
    return builder.createTopology();
  }

  private static long watermarkDelayMs(JobSpec spec) {
    return new WorkloadParams(spec).longValue("watermark.delay.ms");
  }

  /** A stateless query: its bolt per bid, then the sink. */
  private static StormTopology perBid(JobSpec spec, String bolt, Columns columns) {
    TopologyBuilder builder = new TopologyBuilder();
    addEventSpout(builder, spec, NexmarkEvents.BID);
    builder
        .setBolt(bolt, new BidQuery(columns), StormSettings.executors(spec, "bolt"))
        .localOrShuffleGrouping(KafkaIo.SPOUT);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping(bolt);
    return builder.createTopology();
  }

  /** The events' spout, passing on the {@code kinds} of {@link NexmarkEvents} and end markers. */
  private static void addEventSpout(TopologyBuilder builder, JobSpec spec, Integer... kinds) {
    Set<Integer> reads = Set.of(kinds);
    KafkaIo.addSpout(
        builder,
        spec,
        List.of(spec.inputTopic()),
        BID,
        Map.of(PEOPLE, PERSON, AUCTIONS, AUCTION, MARKERS, MARKER),
        (value, in) -> decode(value, in, reads));
  }

  /**
   * An event record as the tuple of its kind's stream, or null (acked, not emitted) for a kind the
   * query does not read. No field holds a comma.
   */
  static List<Object> decode(String value, long in, Set<Integer> kinds) {
    String[] f = value.split(",", -1);
    int kind = Integer.parseInt(f[2]);
    if (kind == NexmarkEvents.END) {
      return new KafkaTuple(Long.parseLong(f[1]) / 1000).routedTo(MARKERS);
    }
    if (!kinds.contains(kind)) {
      return null;
    }
    long seq = Long.parseLong(f[0]);
    long t = Long.parseLong(f[1]);
    return switch (kind) {
      // seq,t,0,id,name,emailAddress,creditCard,city,state,dateTime,extra
      case NexmarkEvents.PERSON ->
          new KafkaTuple(seq, t, Long.parseLong(f[3]), f[4], f[7], f[8], Long.parseLong(f[9]), in)
              .routedTo(PEOPLE);
      // seq,t,1,id,itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra
      case NexmarkEvents.AUCTION ->
          new KafkaTuple(
                  seq,
                  t,
                  Long.parseLong(f[3]),
                  Long.parseLong(f[10]),
                  Long.parseLong(f[11]),
                  Long.parseLong(f[8]),
                  Long.parseLong(f[9]),
                  in)
              .routedTo(AUCTIONS);
      // seq,t,2,auction,bidder,price,dateTime,extra
      default ->
          List.of(
              seq,
              t,
              Long.parseLong(f[3]),
              Long.parseLong(f[4]),
              Long.parseLong(f[5]),
              Long.parseLong(f[6]),
              f[7],
              in);
    };
  }

  /** {@code seq,t,columns,in}. */
  static String row(long seq, long t, String columns, long in) {
    return seq + "," + t + "," + columns + "," + in;
  }

  /** A bid tuple's {@code dateTime,extra}. */
  private static String rest(Tuple bid) {
    return bid.getLongByField("dateTime") + "," + bid.getStringByField("extra");
  }

  /** A stateless query's columns for a {@link #BID} tuple, or null when it does not select it. */
  @FunctionalInterface
  interface Columns extends Serializable {
    String of(Tuple bid);
  }

  /** q0–q2: a row per selected bid, anchored to it. */
  static final class BidQuery extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final Columns columns;

    BidQuery(Columns columns) {
      this.columns = columns;
    }

    @Override
    public void execute(Tuple bid, BasicOutputCollector collector) {
      String c = columns.of(bid);
      if (c != null) {
        collector.emit(
            new Values(
                row(
                    bid.getLongByField("seq"),
                    bid.getLongByField("t"),
                    c,
                    bid.getLongByField("in"))));
      }
    }
  }

  /**
   * q3's join in one task per key: the people seen, each either a possible seller ({@code
   * name,city,state}, time and stamp) or {@link #ELSEWHERE}, and the category-10 auctions waiting
   * for a seller not seen yet. An auction whose seller is known joins at once; a seller's arrival
   * joins its waiting auctions. People stay (a later auction may name any), as in the SQL's join;
   * an auction waits only until its seller arrives, since a person arrives once.
   */
  static final class LocalItemSuggestion extends ResultBolt {
    private static final long serialVersionUID = 1L;

    /** A person of another state: known, never joined. */
    private static final Seller ELSEWHERE = new Seller(null, 0, 0);

    private transient Map<Long, Seller> people;
    private transient Map<Long, List<Auction>> waiting; // by seller

    record Seller(String nameCityState, long t, long in) {}

    record Auction(long seq, long id, long t, long in) {}

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      people = new HashMap<>();
      waiting = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      if (input.getSourceStreamId().equals(PEOPLE)) {
        String state = input.getStringByField("state");
        Seller seller =
            NexmarkQuery.Q3_STATES.contains(state)
                ? new Seller(
                    input.getStringByField("name")
                        + ","
                        + input.getStringByField("city")
                        + ","
                        + state,
                    input.getLongByField("t"),
                    input.getLongByField("in"))
                : ELSEWHERE;
        long id = input.getLongByField("id");
        people.put(id, seller);
        List<Auction> auctions = waiting.remove(id);
        if (auctions != null && seller != ELSEWHERE) {
          auctions.forEach(a -> emit(a, seller, collector));
        }
      } else if (input.getLongByField("category") == NexmarkQuery.Q3_CATEGORY) {
        Auction auction =
            new Auction(
                input.getLongByField("seq"),
                input.getLongByField("id"),
                input.getLongByField("t"),
                input.getLongByField("in"));
        long sellerId = input.getLongByField("seller");
        Seller seller = people.get(sellerId);
        if (seller == null) {
          waiting.computeIfAbsent(sellerId, s -> new ArrayList<>()).add(auction);
        } else if (seller != ELSEWHERE) {
          emit(auction, seller, collector);
        }
      }
    }

    /** {@code seq,t,name,city,state,id,in}: the auction's seq, the later time and stamp. */
    private static void emit(Auction a, Seller p, BasicOutputCollector collector) {
      collector.emit(
          new Values(
              row(
                  a.seq(),
                  Math.max(a.t(), p.t()),
                  p.nameCityState() + "," + a.id(),
                  Math.max(a.in(), p.in()))));
    }
  }

  /**
   * Tumbling event-time windows of {@code sizeMs} ({@link NexmarkQuery#WINDOW_MS}; q5's slides of
   * {@link NexmarkQuery#Q5_SLIDE_MS}), epoch-aligned {@code [start, start + size)}, one {@code W}
   * each. Event time per upstream task is kept by an {@link EventClock} ({@code delayMs}
   * out-of-orderness), each spout task holding it back from the start until heard from or idle (a
   * q8 task hears from a spout task only at its keys' people and auctions, so a later-starting
   * spout task must not find event time past it); a window closes, and its rows are emitted, once
   * the watermark reaches its last millisecond, and an event for a closed window is dropped as
   * late; then {@link #advanced} hears of the watermark. End markers only move event time; ticks
   * re-read the watermark when a spout task idles.
   */
  abstract static class TumblingWindows<W> extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final long delayMs;
    private final long sizeMs;
    private transient EventClock clock;
    private transient TreeMap<Long, W> windows; // by start

    TumblingWindows(long delayMs) {
      this(delayMs, NexmarkQuery.WINDOW_MS);
    }

    TumblingWindows(long delayMs, long sizeMs) {
      this.delayMs = delayMs;
      this.sizeMs = sizeMs;
    }

    /** A new window's state. */
    abstract W newWindow();

    /** Adds an event tuple to its window. */
    abstract void add(W window, Tuple event);

    /** Emits the rows of the window starting at {@code start}, closed. */
    abstract void close(long start, W window, BasicOutputCollector collector);

    /** After the windows it closes are closed, the watermark (event-time ms) at an input. */
    void advanced(long watermark, BasicOutputCollector collector) {}

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      clock = EventClock.ofSpoutTasks(delayMs, context);
      windows = new TreeMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      long now = System.currentTimeMillis();
      if (!TupleUtils.isTick(input)) {
        long dateTime = input.getLongByField("dateTime");
        clock.observe(input.getSourceTask(), dateTime, now);
        long start = dateTime - Math.floorMod(dateTime, sizeMs);
        if (!input.getSourceStreamId().equals(MARKERS)
            && start + sizeMs - 1 > clock.watermark(now)) {
          add(windows.computeIfAbsent(start, s -> newWindow()), input);
        }
      }
      long watermark = clock.watermark(now);
      while (!windows.isEmpty() && windows.firstKey() + sizeMs - 1 <= watermark) {
        Map.Entry<Long, W> closed = windows.pollFirstEntry();
        close(closed.getKey(), closed.getValue(), collector);
      }
      advanced(watermark, collector);
    }
  }

  /**
   * q5: the count of bids per auction, and the latest {@code t} and {@code in}, of each slide of
   * {@link NexmarkQuery#Q5_SLIDE_MS} ({@link TumblingWindows}, which drops a bid whose slide has
   * closed: the first window holding a slide closes with it); the windows over the closed slides
   * are {@link SlidingCounts}'.
   */
  static final class HotItems extends TumblingWindows<HotItems.Slide> {
    private static final long serialVersionUID = 1L;
    private transient SlidingCounts windows;

    HotItems(long delayMs) {
      super(delayMs, NexmarkQuery.Q5_SLIDE_MS);
    }

    /** A slide's count of bids per auction, and their latest {@code t} and {@code in}. */
    static final class Slide {
      final Map<Long, Long> counts = new HashMap<>();
      long t = Long.MIN_VALUE;
      long in = Long.MIN_VALUE;

      void add(long auction, long t, long in) {
        counts.merge(auction, 1L, Long::sum);
        this.t = Math.max(this.t, t);
        this.in = Math.max(this.in, in);
      }
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      super.prepare(conf, context);
      windows = new SlidingCounts();
    }

    @Override
    Slide newWindow() {
      return new Slide();
    }

    @Override
    void add(Slide slide, Tuple bid) {
      slide.add(bid.getLongByField("auction"), bid.getLongByField("t"), bid.getLongByField("in"));
    }

    @Override
    void close(long start, Slide slide, BasicOutputCollector collector) {
      windows.closed(start, slide);
    }

    @Override
    void advanced(long watermark, BasicOutputCollector collector) {
      for (String row : windows.close(watermark)) {
        collector.emit(new Values(row));
      }
    }
  }

  /**
   * q5's sliding windows over closed slides: a window {@code [start, start + }{@link
   * NexmarkQuery#Q5_WINDOW_MS}{@code )}, {@code start} a multiple of {@link
   * NexmarkQuery#Q5_SLIDE_MS}, is five slides and closes once the watermark reaches its last
   * millisecond, when all of them have closed. Then its counts are summed and a row made per
   * auction with the most bids (ties give several rows), {@code seq,t,auction,num,starttime,in}:
   * the auction's seq (from its id: a bid may name an auction not generated yet), the latest {@code
   * t} and {@code in} of all the window's bids. A window of no bids has no rows; a closed slide is
   * kept until the last window holding it has closed.
   */
  static final class SlidingCounts {
    private static final long WINDOW_MS = NexmarkQuery.Q5_WINDOW_MS;
    private static final long SLIDE_MS = NexmarkQuery.Q5_SLIDE_MS;
    private final TreeMap<Long, HotItems.Slide> closed = new TreeMap<>(); // by start
    private long nextWindow = Long.MIN_VALUE; // the start of the first window not yet closed

    /** The slide starting at {@code start} has closed (slides close in order). */
    void closed(long start, HotItems.Slide slide) {
      closed.put(start, slide);
    }

    /** The rows of the windows, holding a closed slide, that the watermark closes, in order. */
    List<String> close(long watermark) {
      List<String> rows = new ArrayList<>();
      while (!closed.isEmpty()) {
        long start = Math.max(nextWindow, closed.firstKey() - (WINDOW_MS - SLIDE_MS));
        if (start + WINDOW_MS - 1 > watermark) {
          break;
        }
        rows(start, closed.subMap(start, start + WINDOW_MS).values(), rows);
        nextWindow = start + SLIDE_MS;
        closed.headMap(nextWindow).clear();
      }
      return rows;
    }

    private static void rows(long start, Iterable<HotItems.Slide> slides, List<String> rows) {
      Map<Long, Long> counts = new HashMap<>();
      long t = Long.MIN_VALUE;
      long in = Long.MIN_VALUE;
      for (HotItems.Slide s : slides) {
        s.counts.forEach((auction, n) -> counts.merge(auction, n, Long::sum));
        t = Math.max(t, s.t);
        in = Math.max(in, s.in);
      }
      long max = 0;
      for (long n : counts.values()) {
        max = Math.max(max, n);
      }
      for (Map.Entry<Long, Long> c : counts.entrySet()) {
        if (c.getValue() == max) {
          long auction = c.getKey();
          rows.add(
              row(NexmarkEvents.auctionSeq(auction), t, auction + "," + max + "," + start, in));
        }
      }
    }
  }

  /**
   * q7: per window, its highest price and the bids at it (ties give several rows), kept as bids
   * arrive; a row's {@code t} and {@code in} are the window's latest over all its bids.
   */
  static final class HighestBid extends TumblingWindows<HighestBid.Highest> {
    private static final long serialVersionUID = 1L;

    HighestBid(long delayMs) {
      super(delayMs);
    }

    static final class Highest {
      long price = Long.MIN_VALUE;
      long t = Long.MIN_VALUE;
      long in = Long.MIN_VALUE;
      final List<Top> top = new ArrayList<>();
    }

    /**
     * A bid at the window's highest price: its seq and {@code auction,price,bidder,dateTime,extra}.
     */
    record Top(long seq, String columns) {}

    @Override
    Highest newWindow() {
      return new Highest();
    }

    @Override
    void add(Highest w, Tuple bid) {
      w.t = Math.max(w.t, bid.getLongByField("t"));
      w.in = Math.max(w.in, bid.getLongByField("in"));
      long price = bid.getLongByField("price");
      if (price < w.price) {
        return;
      }
      if (price > w.price) {
        w.price = price;
        w.top.clear();
      }
      w.top.add(
          new Top(
              bid.getLongByField("seq"),
              bid.getLongByField("auction")
                  + ","
                  + price
                  + ","
                  + bid.getLongByField("bidder")
                  + ","
                  + rest(bid)));
    }

    @Override
    void close(long start, Highest w, BasicOutputCollector collector) {
      for (Top b : w.top) {
        collector.emit(new Values(row(b.seq(), w.t, b.columns(), w.in)));
      }
    }
  }

  /**
   * q8: per window, the people who joined in it and, per seller, the latest time and stamp of their
   * auctions in it; when it closes, a row per person who is also a seller: {@code
   * seq,t,id,name,starttime,in}, the person's seq, the latest of them and their auctions.
   */
  static final class NewUsers extends TumblingWindows<NewUsers.Window> {
    private static final long serialVersionUID = 1L;

    NewUsers(long delayMs) {
      super(delayMs);
    }

    static final class Window {
      final Map<Long, Person> people = new HashMap<>();
      final Map<Long, long[]> sellers = new HashMap<>(); // {latest t, latest in}
    }

    record Person(long seq, long t, String name, long in) {}

    @Override
    Window newWindow() {
      return new Window();
    }

    @Override
    void add(Window w, Tuple event) {
      long t = event.getLongByField("t");
      long in = event.getLongByField("in");
      if (event.getSourceStreamId().equals(PEOPLE)) {
        w.people.put(
            event.getLongByField("id"),
            new Person(event.getLongByField("seq"), t, event.getStringByField("name"), in));
      } else {
        w.sellers.merge(
            event.getLongByField("seller"),
            new long[] {t, in},
            (a, b) -> new long[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
      }
    }

    @Override
    void close(long start, Window w, BasicOutputCollector collector) {
      w.people.forEach(
          (id, p) -> {
            long[] sold = w.sellers.get(id);
            if (sold != null) {
              collector.emit(
                  new Values(
                      row(
                          p.seq(),
                          Math.max(p.t(), sold[0]),
                          id + "," + p.name() + "," + start,
                          Math.max(p.in(), sold[1]))));
            }
          });
    }
  }
}
