package org.streambench.engine.kafkastreams;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.EmitStrategy;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.TableJoined;
import org.apache.kafka.streams.processor.TimestampExtractor;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * Nexmark's queries (docs/nexmark.md) in the DSL. Each row keeps its key event's {@code seq}, a
 * {@code t} and the entry stamp {@code in} around the query's columns.
 *
 * <p>The stateless ones: the events' stream filtered to bids, each parsed into a {@link Bid}, then
 * q0 passes them through, q1 converts their price to euros ({@code BigDecimal}, exact) and q2 keeps
 * those of every 123rd auction. No repartition.
 *
 * <p>The stateful ones read the events at their event time ({@link #EVENT_TIME}): q3 is a
 * foreign-key join of two KTables, auctions by id and people by id; q7 and q8 reduce each tumbling
 * 10 s window per key, and q5 aggregates each hopping 10 s window every 2 s, with the workload's
 * {@code watermark.delay.ms} as grace, and emit each window once when it closes ({@link
 * EmitStrategy#onWindowClose}), never an intermediate result. A windowed processor closes windows
 * by its own stream time, the highest timestamp of the records that reached it in its task; the end
 * marker the rig writes after the last event ({@code -1,t,9}) is therefore carried into the
 * reduction, as an aggregate of nothing (emitting nothing: its own window never closes), on every
 * task ({@link NexmarkWindows#controlToEveryPartition}), once every upstream task has sent its own
 * ({@link EndGate}).
 */
final class NexmarkTopology {
  private static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");
  private static final BigDecimal Q14_LOW_EUROS = BigDecimal.valueOf(1_000_000);
  private static final BigDecimal Q14_HIGH_EUROS = BigDecimal.valueOf(50_000_000);
  private static final long AUCTION_SKIP = 123;

  private NexmarkTopology() {}

  /** q0: {@code SELECT auction, bidder, price, dateTime, extra FROM bid}. */
  static void q0(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .mapValues(b -> b.row(b.auction + "," + b.bidder + "," + b.price + "," + b.rest)),
        spec);
  }

  /** q1: {@code SELECT auction, bidder, 0.908 * price AS price, dateTime, extra FROM bid}. */
  static void q1(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .mapValues(
                b ->
                    b.row(
                        b.auction
                            + ","
                            + b.bidder
                            + ","
                            + euros(b.price).toPlainString()
                            + ","
                            + b.rest)),
        spec);
  }

  /** A price in dollars in euros, exactly: Nexmark's {@code 0.908 * price}. */
  private static BigDecimal euros(long dollars) {
    return BigDecimal.valueOf(dollars).multiply(DOLLAR_TO_EURO);
  }

  /** q2: {@code SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0}. */
  static void q2(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .filter((key, b) -> b.auction % AUCTION_SKIP == 0)
            .mapValues(b -> b.row(b.auction + "," + b.price)),
        spec);
  }

  /**
   * q14, calculation: the bids between 1 and 50 million euros with q1's columns, the bid's time of
   * day ({@code bidTimeType}, UTC) and its count of 'c' in {@code extra} ({@code c_counts}), as the
   * nexmark project's SQL and its {@code count_char}; computed here, not with the check's model.
   */
  static void q14(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .flatMapValues(
                b -> {
                  BigDecimal euros = euros(b.price);
                  if (euros.compareTo(Q14_LOW_EUROS) <= 0 || euros.compareTo(Q14_HIGH_EUROS) >= 0) {
                    return List.of();
                  }
                  int comma = b.rest.indexOf(',');
                  long dateTime = Long.parseLong(b.rest, 0, comma, 10);
                  long cs = b.rest.chars().skip(comma + 1).filter(c -> c == 'c').count();
                  return List.of(
                      b.row(
                          b.auction
                              + ","
                              + b.bidder
                              + ","
                              + euros.toPlainString()
                              + ","
                              + bidTimeType(dateTime)
                              + ","
                              + b.rest
                              + ","
                              + cs));
                }),
        spec);
  }

  /** q14's {@code CASE} on the bid's hour of the day, in UTC. */
  private static String bidTimeType(long dateTime) {
    int hour = Instant.ofEpochMilli(dateTime).atOffset(ZoneOffset.UTC).getHour();
    if (hour >= 8 && hour <= 18) {
      return "dayTime";
    }
    return hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
  }

  /**
   * q3, local item suggestion: {@code SELECT P.name, P.city, P.state, A.id FROM auction A JOIN
   * person P ON A.seller = P.id WHERE A.category = 10 AND P.state IN ('OR', 'ID', 'CA')},
   * unbounded, whichever side arrives first: a KTable of the category's auctions by id joined on
   * its seller to a KTable of those states' people by id (a foreign-key join), {@code
   * seq,t,name,city,state,id,in} with the auction's seq and the later {@code t} and {@code in} of
   * the two.
   *
   * <p>Every id is inserted once, so each auction's row is emitted once: by whichever of its
   * subscription and its seller's insert reaches the people's task second. That holds only without
   * a record cache on the people's table: the join answers a subscription from the table's store,
   * cache included, but hears of the person's insert only when the cache is flushed, so it would
   * answer an auction that subscribed in between twice. The auctions' table has no cache either: on
   * an insert-only table a cache saves nothing and holds each auction back until the next commit.
   * An auction replayed after a failure (at-least-once) is an update, which the join answers again:
   * a duplicate row, as at-least-once allows, or without a seller a tombstone, not written.
   */
  static void q3(StreamsBuilder builder, JobSpec spec) {
    KStream<String, String> events = events(builder, spec);
    KTable<String, String> auctions =
        events
            .filter(
                (key, e) ->
                    kind(e) == NexmarkEvents.AUCTION
                        && Csv.longField(e, 11) == NexmarkQuery.Q3_CATEGORY)
            .map((key, e) -> KeyValue.pair(Csv.field(e, 3), q3Auction(e)))
            .toTable(Named.as("q3-auctions"), uncachedTable("q3-auctions"));
    KTable<String, String> people =
        events
            .filter(
                (key, e) ->
                    kind(e) == NexmarkEvents.PERSON
                        && NexmarkQuery.Q3_STATES.contains(Csv.field(e, 8)))
            .map((key, e) -> KeyValue.pair(Csv.field(e, 3), q3Person(e)))
            .toTable(Named.as("q3-people"), uncachedTable("q3-people"));
    KafkaIo.write(
        auctions
            .join(
                people,
                auction -> Csv.field(auction, 4),
                NexmarkTopology::q3Row,
                TableJoined.as("q3-sellers"))
            .toStream()
            .filter((id, row) -> row != null),
        spec);
  }

  /** An auction as q3's table keeps it: {@code seq,t,in,id,seller}. */
  private static String q3Auction(String e) {
    return seqAndT(e)
        + ","
        + IdentityRecords.lastStamp(e)
        + ","
        + Csv.field(e, 3)
        + ","
        + Csv.field(e, 10);
  }

  /** A person as q3's table keeps them: {@code t,in,name,city,state}. */
  private static String q3Person(String e) {
    return Csv.field(e, 1)
        + ","
        + IdentityRecords.lastStamp(e)
        + ","
        + Csv.field(e, 4)
        + ","
        + Csv.field(e, 7)
        + ","
        + Csv.field(e, 8);
  }

  /** q3's row of an auction and its seller. */
  private static String q3Row(String auction, String person) {
    return Csv.field(auction, 0)
        + ","
        + Math.max(Csv.longField(auction, 1), Csv.longField(person, 0))
        + ","
        + person.substring(Csv.start(person, 2))
        + ","
        + Csv.field(auction, 3)
        + ","
        + Math.max(Csv.longField(auction, 2), Csv.longField(person, 1));
  }

  private static Materialized<String, String, KeyValueStore<Bytes, byte[]>> uncachedTable(
      String name) {
    return Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(name)
        .withKeySerde(Serdes.String())
        .withValueSerde(Serdes.String())
        .withCachingDisabled();
  }

  /**
   * q4, average price for a category: the auctions and bids keyed by auction, each auction's
   * winning price found by {@link WinningBids} and sent on at its expiry; then per category and
   * tumbling 10 s window of expiry the integer mean of those prices, emitted once the window
   * closes, {@code seq,t,category,average,starttime,in} (the category as the row's {@code seq}),
   * with the latest {@code t} and {@code in} of its auctions and their bids. Both stages' end
   * markers wait for every upstream task's ({@link NexmarkWindows#gated}).
   *
   * <p>Both stages run on one task each (repartition topics of one partition). The second closes a
   * window by its own stream time, the latest expiry among the winners it has seen, so its winners
   * must come in about the order of their expiry: first-stage tasks in parallel would each close
   * their auctions by their own stream time, and the end marker makes each close all of its own at
   * once, so one task's last winners came after another's had moved the second stage's stream time
   * tens of seconds past them (dropped as late: 62 of a run's winners here).
   */
  static void q4(StreamsBuilder builder, JobSpec spec) {
    builder.addStateStore(StreamsSettings.keyValueStore(spec, WinningBids.AUCTIONS));
    builder.addStateStore(StreamsSettings.keyValueStore(spec, WinningBids.CLOSING));
    long grace = NexmarkWindows.watermarkDelayMs(spec);
    KStream<String, WinningBids.Winner> winners =
        NexmarkWindows.input(
                builder,
                spec,
                "q4",
                WinningBids.Part::of,
                WinningBids.Part.NONE,
                Repartitioned.<String, WinningBids.Part>as("q4-parts")
                    .withValueSerde(WinningBids.Part.SERDE)
                    .withNumberOfPartitions(1))
            .process(
                () -> new WinningBids(grace),
                Named.as("q4-winning-bids"),
                WinningBids.AUCTIONS,
                WinningBids.CLOSING);
    KafkaIo.write(
        NexmarkWindows.tumbling(
                builder,
                spec,
                NexmarkWindows.gated(
                    builder,
                    spec,
                    winners,
                    "q4-winners",
                    WinningBids.Winner::end,
                    w -> w.category() < 0 ? null : KeyValue.pair(Long.toString(w.category()), w),
                    WinningBids.Winner.NONE,
                    Repartitioned.<String, WinningBids.Winner>as("q4-winners")
                        .withValueSerde(WinningBids.Winner.SERDE)
                        .withNumberOfPartitions(1)))
            .aggregate(
                Average::new,
                (category, winner, average) -> average.add(winner),
                NexmarkWindows.windowStore(
                    "q4-averages", Average.SERDE, spec, NexmarkQuery.WINDOW_MS))
            .toStream()
            .filter((window, average) -> average.count > 0)
            .map(
                (window, average) ->
                    KeyValue.pair(
                        window.key(), average.row(window.key(), window.window().start()))),
        spec);
  }

  /** q4's aggregate of a category's window: its winning prices' sum and count, latest t and in. */
  static final class Average {
    static final Serde<Average> SERDE =
        NexmarkWindows.text(
            a -> a.sum + "," + a.count + "," + a.t + "," + a.in,
            text -> {
              Average a = new Average();
              a.sum = Csv.longField(text, 0);
              a.count = Csv.longField(text, 1);
              a.t = Csv.longField(text, 2);
              a.in = Csv.longField(text, 3);
              return a;
            });

    private long sum;
    private long count;
    private long t = Long.MIN_VALUE;
    private long in = Long.MIN_VALUE;

    /** With {@code w}'s price ({@link WinningBids.Winner#NONE}: nothing); this, changed. */
    Average add(WinningBids.Winner w) {
      if (w.category() >= 0) {
        sum += w.price();
        count++;
        t = Math.max(t, w.t());
        in = Math.max(in, w.in());
      }
      return this;
    }

    /** {@code seq,t,category,average,starttime,in}, the category as the row's seq. */
    String row(String category, long start) {
      return category + "," + t + "," + category + "," + sum / count + "," + start + "," + in;
    }
  }

  /**
   * q5, hot items: per hopping window of {@link NexmarkQuery#Q5_WINDOW_MS} every {@link
   * NexmarkQuery#Q5_SLIDE_MS}, the auctions with the most bids in it (the nexmark project's {@code
   * AuctionBids.num >= MaxBids.maxn}: ties give several rows), {@code
   * seq,t,auction,num,starttime,in} with the auction's seq (from its id: a bid may name an auction
   * not generated yet) and the window's latest {@code t} and {@code in} over all of its bids, as
   * every bid decides which auctions lead. The most bids are the whole window's, so, as q7, every
   * bid goes to one task through a repartition topic of one partition, where {@link HotItems}
   * counts them per window and auction.
   */
  static void q5(StreamsBuilder builder, JobSpec spec) {
    builder.addStateStore(StreamsSettings.keyValueStore(spec, HotItems.STORE));
    long grace = NexmarkWindows.watermarkDelayMs(spec);
    KafkaIo.write(
        NexmarkWindows.input(
                builder,
                spec,
                "q5",
                e -> kind(e) == NexmarkEvents.BID ? KeyValue.pair(ALL, HotItems.Bid.of(e)) : null,
                HotItems.Bid.NONE,
                Repartitioned.<String, HotItems.Bid>as("q5-bids")
                    .withValueSerde(HotItems.Bid.SERDE)
                    .withNumberOfPartitions(1))
            .process(() -> new HotItems(grace), Named.as("q5-hot-items"), HotItems.STORE),
        spec);
  }

  /**
   * q7, highest bid: the bids at the highest price of their window, {@code
   * seq,t,auction,price,bidder,dateTime,extra,in} with the window's latest {@code t} and {@code
   * in}. The highest price is the whole window's, so every bid is reduced on one key in a
   * repartition topic of one partition (one task, as the nexmark project's Flink SQL aggregates its
   * window of all bids in one subtask); the end markers go there too.
   */
  static void q7(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        NexmarkWindows.tumbling(
                builder,
                spec,
                NexmarkWindows.input(
                    builder,
                    spec,
                    "q7",
                    e -> kind(e) == NexmarkEvents.BID ? KeyValue.pair(ALL, Highest.of(e)) : null,
                    Highest.NONE,
                    Repartitioned.<String, Highest>as("q7-bids")
                        .withValueSerde(Highest.SERDE)
                        .withNumberOfPartitions(1)))
            .reduce(
                Highest::merge,
                NexmarkWindows.windowStore(
                    "q7-windows", Highest.SERDE, spec, NexmarkQuery.WINDOW_MS))
            .toStream((window, highest) -> window.key())
            .flatMapValues(Highest::rows),
        spec);
  }

  /**
   * q8, monitor new users: the people who opened an auction in the tumbling window they joined in,
   * {@code seq,t,id,name,starttime,in} with the person's seq and the latest {@code t} and {@code
   * in} of the person and those auctions. People (by id) and auctions (by seller) are one stream
   * keyed by person, so one reduction per key and window joins them; a stream-stream join would
   * pair them in a sliding interval instead of the same window, and emit a row per auction.
   */
  static void q8(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        NexmarkWindows.tumbling(
                builder,
                spec,
                NexmarkWindows.input(
                    builder,
                    spec,
                    "q8",
                    e ->
                        switch (kind(e)) {
                          case NexmarkEvents.PERSON ->
                              KeyValue.pair(Csv.field(e, 3), NewUser.joined(e));
                          case NexmarkEvents.AUCTION ->
                              KeyValue.pair(Csv.field(e, 10), NewUser.sold(e));
                          default -> null;
                        },
                    NewUser.NONE,
                    Repartitioned.<String, NewUser>as("q8-people").withValueSerde(NewUser.SERDE)))
            .reduce(
                NewUser::merge,
                NexmarkWindows.windowStore(
                    "q8-windows", NewUser.SERDE, spec, NexmarkQuery.WINDOW_MS))
            .toStream()
            .filter((window, user) -> user.joinedAndSold())
            .map(
                (window, user) ->
                    KeyValue.pair(window.key(), user.row(window.key(), window.window().start()))),
        spec);
  }

  /**
   * q11, user sessions: per bidder (the stream keyed by it) a session window of the query's gap,
   * grace {@code watermark.delay.ms}, each session's count and latest {@code t} and {@code in}
   * emitted once it closes, {@code seq,t,bidder,bid_count,starttime,endtime,in} with the bidder as
   * {@code seq}. Kafka Streams' session ends at its last record; the query's, as Flink's, the gap
   * after it.
   */
  static void q11(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        NexmarkWindows.sessions(
                spec,
                NexmarkWindows.input(
                    builder,
                    spec,
                    "q11",
                    e ->
                        kind(e) == NexmarkEvents.BID
                            ? KeyValue.pair(Csv.field(e, 4), SessionBids.of(e))
                            : null,
                    SessionBids.NONE,
                    Repartitioned.<String, SessionBids>as("q11-bids")
                        .withValueSerde(SessionBids.SERDE)))
            .reduce(
                SessionBids::merge,
                NexmarkWindows.sessionStore("q11-sessions", SessionBids.SERDE, spec))
            .toStream()
            .filter((session, bids) -> bids != null && bids.count() > 0)
            .map(
                (session, bids) ->
                    KeyValue.pair(
                        session.key(),
                        bids.row(
                            session.key(),
                            session.window().start(),
                            session.window().end() + NexmarkQuery.SESSION_GAP_MS))),
        spec);
  }

  /**
   * q11's aggregate of a session: its bids' count and their latest {@code t} and {@code in}; {@link
   * #NONE} (a control record) counts none.
   */
  record SessionBids(long count, long t, long in) {
    static final SessionBids NONE = new SessionBids(0, Long.MIN_VALUE, Long.MIN_VALUE);
    static final Serde<SessionBids> SERDE =
        NexmarkWindows.text(
            b -> b.count + "," + b.t + "," + b.in,
            text ->
                new SessionBids(
                    Csv.longField(text, 0), Csv.longField(text, 1), Csv.longField(text, 2)));

    /** The stamped bid {@code seq,t,2,...,in}. */
    static SessionBids of(String bid) {
      return new SessionBids(1, Csv.longField(bid, 1), IdentityRecords.lastStamp(bid));
    }

    SessionBids merge(SessionBids other) {
      return new SessionBids(count + other.count, Math.max(t, other.t), Math.max(in, other.in));
    }

    /** {@code seq,t,bidder,bid_count,starttime,endtime,in}. */
    String row(String bidder, long start, long end) {
      return bidder + "," + t + "," + bidder + "," + count + "," + start + "," + end + "," + in;
    }
  }

  /** The one key of q5 and q7. */
  static final String ALL = "all";

  /**
   * Event time: an event's {@code dateTime}, the end marker's {@code t} (µs) in ms. At the source,
   * so that a task reading several partitions takes their records in event-time order.
   */
  static final TimestampExtractor EVENT_TIME =
      (record, partitionTime) -> NexmarkEvents.eventTimeMs((String) record.value());

  /** The stamped events {@code seq,t,kind,fields...,in}, end markers included, at event time. */
  static KStream<String, String> events(StreamsBuilder builder, JobSpec spec) {
    return KafkaIo.readStamped(builder, spec, EVENT_TIME);
  }

  static int kind(String event) {
    return Csv.intField(event, 2);
  }

  private static String seqAndT(String event) {
    return event.substring(0, Csv.start(event, 2) - 1);
  }

  /**
   * q7's aggregate of a window: the highest price of its bids, the bids at that price (each {@code
   * seq,auction,price,bidder,dateTime,extra}) and the latest {@code t} and {@code in} of all of its
   * bids. {@link #NONE} (an end marker) changes nothing.
   */
  record Highest(long price, long t, long in, List<String> bids) {
    static final Highest NONE =
        new Highest(Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, List.of());
    static final Serde<Highest> SERDE = NexmarkWindows.text(Highest::encode, Highest::decode);

    /** The stamped bid {@code seq,t,2,auction,bidder,price,dateTime,extra,in}. */
    static Highest of(String bid) {
      long price = Csv.longField(bid, 5);
      String columns =
          Csv.field(bid, 3)
              + ","
              + price
              + ","
              + Csv.field(bid, 4)
              + ","
              + bid.substring(Csv.start(bid, 6), bid.lastIndexOf(','));
      return new Highest(
          price,
          Csv.longField(bid, 1),
          IdentityRecords.lastStamp(bid),
          List.of(Csv.field(bid, 0) + "," + columns));
    }

    Highest merge(Highest other) {
      List<String> top;
      if (price != other.price) {
        top = price > other.price ? bids : other.bids;
      } else {
        top = new ArrayList<>(bids);
        top.addAll(other.bids);
      }
      return new Highest(
          Math.max(price, other.price), Math.max(t, other.t), Math.max(in, other.in), top);
    }

    /** Its rows, {@code seq,t,auction,price,bidder,dateTime,extra,in}. */
    List<String> rows() {
      List<String> rows = new ArrayList<>(bids.size());
      for (String bid : bids) {
        int seq = bid.indexOf(',');
        rows.add(bid.substring(0, seq) + "," + t + bid.substring(seq) + "," + in);
      }
      return rows;
    }

    /** {@code price,t,in}, then a line per bid. */
    String encode() {
      StringBuilder text = new StringBuilder().append(price).append(',').append(t);
      text.append(',').append(in);
      bids.forEach(bid -> text.append('\n').append(bid));
      return text.toString();
    }

    static Highest decode(String text) {
      List<String> lines = List.of(text.split("\n"));
      String head = lines.get(0);
      return new Highest(
          Csv.longField(head, 0),
          Csv.longField(head, 1),
          Csv.longField(head, 2),
          lines.subList(1, lines.size()));
    }
  }

  /**
   * q8's aggregate of a person's key in a window: the person, if they joined in it ({@code seq}, -1
   * if not, {@code t}, {@code in}, {@code name}), and the latest {@code t} and {@code in} of the
   * auctions they opened in it ({@code Long.MIN_VALUE} if none). {@link #NONE} (an end marker)
   * changes nothing.
   */
  record NewUser(long seq, long t, long in, String name, long soldT, long soldIn) {
    static final NewUser NONE =
        new NewUser(-1, Long.MIN_VALUE, Long.MIN_VALUE, "", Long.MIN_VALUE, Long.MIN_VALUE);
    static final Serde<NewUser> SERDE = NexmarkWindows.text(NewUser::encode, NewUser::decode);

    /** The stamped person {@code seq,t,0,id,name,...,in}. */
    static NewUser joined(String person) {
      return new NewUser(
          Csv.longField(person, 0),
          Csv.longField(person, 1),
          IdentityRecords.lastStamp(person),
          Csv.field(person, 4),
          Long.MIN_VALUE,
          Long.MIN_VALUE);
    }

    /** The stamped auction {@code seq,t,1,...,in}. */
    static NewUser sold(String auction) {
      return new NewUser(
          -1,
          Long.MIN_VALUE,
          Long.MIN_VALUE,
          "",
          Csv.longField(auction, 1),
          IdentityRecords.lastStamp(auction));
    }

    NewUser merge(NewUser other) {
      NewUser person = seq >= 0 ? this : other;
      return new NewUser(
          person.seq,
          person.t,
          person.in,
          person.name,
          Math.max(soldT, other.soldT),
          Math.max(soldIn, other.soldIn));
    }

    boolean joinedAndSold() {
      return seq >= 0 && soldT != Long.MIN_VALUE;
    }

    /** {@code seq,t,id,name,starttime,in}. */
    String row(String id, long windowStart) {
      return seq
          + ","
          + Math.max(t, soldT)
          + ","
          + id
          + ","
          + name
          + ","
          + windowStart
          + ","
          + Math.max(in, soldIn);
    }

    /** {@code seq,t,in,soldT,soldIn,name} (a name has no comma). */
    String encode() {
      return seq + "," + t + "," + in + "," + soldT + "," + soldIn + "," + name;
    }

    static NewUser decode(String text) {
      return new NewUser(
          Csv.longField(text, 0),
          Csv.longField(text, 1),
          Csv.longField(text, 2),
          Csv.field(text, 5),
          Csv.longField(text, 3),
          Csv.longField(text, 4));
    }
  }

  /** The bids among the stamped events {@code seq,t,kind,fields...,in}. */
  static KStream<String, Bid> bids(StreamsBuilder builder, JobSpec spec) {
    return KafkaIo.readStamped(builder, spec)
        .filter((key, event) -> Csv.intField(event, 2) == 2)
        .mapValues(Bid::parse);
  }

  /**
   * A bid as the stamped record carries it: {@code seq,t,2,auction,bidder,price,dateTime,extra,in}.
   * {@code rest} is {@code dateTime,extra}, passed on as it came.
   */
  record Bid(String seqAndT, long auction, long bidder, long price, String rest, String in) {
    static Bid parse(String event) {
      int kind = Csv.start(event, 2);
      int dateTime = Csv.start(event, 6);
      int in = event.lastIndexOf(',');
      return new Bid(
          event.substring(0, kind - 1),
          Csv.longField(event, 3),
          Csv.longField(event, 4),
          Csv.longField(event, 5),
          event.substring(dateTime, in),
          event.substring(in + 1));
    }

    /** {@code seq,t,columns,in}. */
    String row(String columns) {
      return seqAndT + "," + columns + "," + in;
    }
  }
}
