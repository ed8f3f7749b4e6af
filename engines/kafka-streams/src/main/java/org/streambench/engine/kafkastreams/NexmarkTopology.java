package org.streambench.engine.kafkastreams;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
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
import org.apache.kafka.streams.kstream.TimeWindowedKStream;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.processor.TimestampExtractor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
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
 * task ({@link #controlToEveryPartition}), once every upstream task has sent its own ({@link
 * EndGate}).
 */
final class NexmarkTopology {
  private static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");
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
                            + BigDecimal.valueOf(b.price).multiply(DOLLAR_TO_EURO).toPlainString()
                            + ","
                            + b.rest)),
        spec);
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
   * q5, hot items: per hopping window of {@link NexmarkQuery#Q5_WINDOW_MS} every {@link
   * NexmarkQuery#Q5_SLIDE_MS}, the auctions with the most bids in it (the nexmark project's {@code
   * AuctionBids.num >= MaxBids.maxn}: ties give several rows), {@code
   * seq,t,auction,num,starttime,in} with the auction's seq (from its id: a bid may name an auction
   * not generated yet) and the window's latest {@code t} and {@code in} over all of its bids, as
   * every bid decides which auctions lead. The most bids are the whole window's, so, as q7, every
   * bid is aggregated on one key in a repartition topic of one partition ({@link HotItems}: the
   * window's count per auction); each bid counts in the five windows it falls in.
   */
  static void q5(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        windowed(
                builder,
                spec,
                "q5",
                e -> kind(e) == NexmarkEvents.BID ? KeyValue.pair(ALL, HotBid.of(e)) : null,
                HotBid.NONE,
                Repartitioned.<String, HotBid>as("q5-bids")
                    .withValueSerde(HotBid.SERDE)
                    .withNumberOfPartitions(1),
                NexmarkQuery.Q5_WINDOW_MS,
                NexmarkQuery.Q5_SLIDE_MS)
            .aggregate(
                HotItems::new,
                (key, bid, items) -> items.add(bid),
                windowStore("q5-windows", HotItems.SERDE))
            .toStream()
            .flatMap((window, items) -> items.rows(window.window().start())),
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
        tumbling(
                builder,
                spec,
                "q7",
                e -> kind(e) == NexmarkEvents.BID ? KeyValue.pair(ALL, Highest.of(e)) : null,
                Highest.NONE,
                Repartitioned.<String, Highest>as("q7-bids")
                    .withValueSerde(Highest.SERDE)
                    .withNumberOfPartitions(1))
            .reduce(Highest::merge, windowStore("q7-windows", Highest.SERDE))
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
        tumbling(
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
                Repartitioned.<String, NewUser>as("q8-people").withValueSerde(NewUser.SERDE))
            .reduce(NewUser::merge, windowStore("q8-windows", NewUser.SERDE))
            .toStream()
            .filter((window, user) -> user.joinedAndSold())
            .map(
                (window, user) ->
                    KeyValue.pair(window.key(), user.row(window.key(), window.window().start()))),
        spec);
  }

  /** The one key of q5 and q7. */
  static final String ALL = "all";

  /**
   * The keys of the control records on their way to the windows ({@link Announce}, {@link
   * EndGate}), each followed by the upstream task's input partition; no query's key starts so.
   */
  static final String CONTROL = "$";

  static final String TASK = CONTROL + "task:";
  static final String END = CONTROL + "end:";

  /**
   * Event time: an event's {@code dateTime}, the end marker's {@code t} (µs) in ms. At the source,
   * so that a task reading several partitions takes their records in event-time order.
   */
  static final TimestampExtractor EVENT_TIME =
      (record, partitionTime) -> {
        String e = (String) record.value();
        return switch (kind(e)) {
          case NexmarkEvents.PERSON -> Csv.longField(e, 9);
          case NexmarkEvents.AUCTION -> Csv.longField(e, 8);
          case NexmarkEvents.BID -> Csv.longField(e, 6);
          default -> Csv.longField(e, 1) / 1000;
        };
      };

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

  /** {@link #windowed} in tumbling windows of {@link NexmarkQuery#WINDOW_MS} (q7, q8). */
  private static <V> TimeWindowedKStream<String, V> tumbling(
      StreamsBuilder builder,
      JobSpec spec,
      String name,
      Function<String, KeyValue<String, V>> keyed,
      V none,
      Repartitioned<String, V> repartitioned) {
    return windowed(
        builder,
        spec,
        name,
        keyed,
        none,
        repartitioned,
        NexmarkQuery.WINDOW_MS,
        NexmarkQuery.WINDOW_MS);
  }

  /**
   * The events keyed by {@code keyed} (null: none), repartitioned by key as {@code repartitioned}
   * says ({@code name}: of the topology's other parts), in epoch-aligned windows of {@code sizeMs}
   * starting every {@code advanceMs} (tumbling if the two are equal) with {@code
   * watermark.delay.ms} as grace, each emitted once when its task's stream time passes its end and
   * the grace. The end markers reach every task and close its windows, but only once every upstream
   * task has sent its own ({@link EndGate}).
   *
   * <p>Stream time is the highest timestamp a task has seen, so records from an upstream task
   * running more than the grace behind another are late and dropped (Flink's watermark, the least
   * of its inputs', would wait for them). The grace is the workload's delay alone, not uricount's
   * {@code job.window.skew.ms} on top: here grace is latency, and the end marker is a window and
   * the delay past the last event, which a longer grace would not close.
   */
  private static <V> TimeWindowedKStream<String, V> windowed(
      StreamsBuilder builder,
      JobSpec spec,
      String name,
      Function<String, KeyValue<String, V>> keyed,
      V none,
      Repartitioned<String, V> repartitioned,
      long sizeMs,
      long advanceMs) {
    String ends = name + "-ends";
    builder.addStateStore(StreamsSettings.keyValueStore(spec, ends));
    Duration grace = Duration.ofMillis(new WorkloadParams(spec).longValue("watermark.delay.ms"));
    return events(builder, spec)
        .process(() -> new Announce<>(keyed, none), Named.as(name + "-keyed"))
        .repartition(
            repartitioned
                .withKeySerde(Serdes.String())
                .withStreamPartitioner(controlToEveryPartition()))
        .processValues(() -> new EndGate<V>(ends), Named.as(ends), ends)
        .groupByKey()
        .windowedBy(
            TimeWindows.ofSizeAndGrace(Duration.ofMillis(sizeMs), grace)
                .advanceBy(Duration.ofMillis(advanceMs)))
        .emitStrategy(EmitStrategy.onWindowClose());
  }

  private static <V> Materialized<String, V, WindowStore<Bytes, byte[]>> windowStore(
      String name, Serde<V> values) {
    return Materialized.<String, V, WindowStore<Bytes, byte[]>>as(name)
        .withKeySerde(Serdes.String())
        .withValueSerde(values);
  }

  /**
   * Partitions as the producer would, by key, but sends control records to every partition
   * (KIP-837's multicast): each task downstream closes its windows by the records it sees.
   */
  static <V> StreamPartitioner<String, V> controlToEveryPartition() {
    return new StreamPartitioner<>() {
      @Override
      public Optional<Set<Integer>> partitions(
          String topic, String key, V value, Headers headers, int partitions) {
        return key.startsWith(CONTROL)
            ? Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()))
            : Optional.empty();
      }

      /** Still abstract, deprecated for the one above (KIP-1321), which Kafka Streams calls. */
      @Override
      @SuppressWarnings("removal")
      public Optional<Set<Integer>> partitions(String topic, String key, V value, int partitions) {
        return partitions(topic, key, value, null, partitions);
      }
    };
  }

  /**
   * Keys each event for the windows, and tells every task behind the repartition of this task
   * ({@link #TASK} and its input partition, before its first record) and of the end marker of its
   * partition ({@link #END}, after its last record), each carrying the aggregate of nothing.
   */
  static final class Announce<V> implements Processor<String, String, String, V> {
    private final Function<String, KeyValue<String, V>> keyed;
    private final V none;
    private ProcessorContext<String, V> context;
    private boolean announced;

    Announce(Function<String, KeyValue<String, V>> keyed, V none) {
      this.keyed = keyed;
      this.none = none;
    }

    @Override
    public void init(ProcessorContext<String, V> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, String> event) {
      if (!announced) {
        announced = true;
        context.forward(event.withKey(TASK + partition()).withValue(none));
      }
      if (kind(event.value()) == NexmarkEvents.END) {
        context.forward(event.withKey(END + partition()).withValue(none));
        return;
      }
      KeyValue<String, V> kv = keyed.apply(event.value());
      if (kv != null) {
        context.forward(event.withKey(kv.key).withValue(kv.value));
      }
    }

    private int partition() {
      return context.recordMetadata().orElseThrow().partition();
    }
  }

  /**
   * Passes records on to the windows, but an end marker only once every upstream task that
   * announced itself has sent its own; a task's records reach a partition in the order it sent
   * them, so by then the last records of every upstream task have arrived. Without it, the first
   * upstream task to finish would close the last windows before another's last records arrive,
   * which would then be late; Flink's watermark is the least of its inputs' for the same reason.
   * The announcements and end markers seen are kept in a store, to outlive a restart.
   */
  static final class EndGate<V> implements FixedKeyProcessor<String, V, V> {
    private final String storeName;
    private FixedKeyProcessorContext<String, V> context;
    private KeyValueStore<String, String> seen;

    EndGate(String storeName) {
      this.storeName = storeName;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, V> context) {
      this.context = context;
      this.seen = context.getStateStore(storeName);
    }

    @Override
    public void process(FixedKeyRecord<String, V> record) {
      String key = record.key();
      if (!key.startsWith(CONTROL)) {
        context.forward(record);
        return;
      }
      seen.put(key, "");
      if (key.startsWith(END) && everyTaskEnded()) {
        context.forward(record);
      }
    }

    private boolean everyTaskEnded() {
      try (KeyValueIterator<String, String> tasks = seen.prefixScan(TASK, new StringSerializer())) {
        while (tasks.hasNext()) {
          if (seen.get(END + tasks.next().key.substring(TASK.length())) == null) {
            return false;
          }
        }
      }
      return true;
    }
  }

  /** A serde of values as ASCII text. */
  static <T> Serde<T> text(Function<T, String> encode, Function<String, T> decode) {
    return Serdes.serdeFrom(
        (topic, value) ->
            value == null ? null : encode.apply(value).getBytes(StandardCharsets.US_ASCII),
        (topic, bytes) ->
            bytes == null ? null : decode.apply(new String(bytes, StandardCharsets.US_ASCII)));
  }

  /**
   * A bid as q5 counts it: its auction, {@code t} and {@code in}. {@link #NONE} (an end marker)
   * counts nothing.
   */
  record HotBid(long auction, long t, long in) {
    static final HotBid NONE = new HotBid(-1, Long.MIN_VALUE, Long.MIN_VALUE);
    static final Serde<HotBid> SERDE =
        text(
            b -> b.auction + "," + b.t + "," + b.in,
            text ->
                new HotBid(Csv.longField(text, 0), Csv.longField(text, 1), Csv.longField(text, 2)));

    /** The stamped bid {@code seq,t,2,auction,bidder,price,dateTime,extra,in}. */
    static HotBid of(String bid) {
      return new HotBid(
          Csv.longField(bid, 3), Csv.longField(bid, 1), IdentityRecords.lastStamp(bid));
    }
  }

  /**
   * q5's aggregate of a window: its count of bids per auction and the latest {@code t} and {@code
   * in} of all of its bids. Each bid updates five windows' aggregates, each read from the store and
   * written back, so the counts are kept as two arrays, by auction ascending, and stored as longs
   * ({@link #SERDE}), not text.
   */
  static final class HotItems {
    static final Serde<HotItems> SERDE =
        Serdes.serdeFrom(
            (topic, items) -> items == null ? null : items.encode(),
            (topic, bytes) -> bytes == null ? null : decode(bytes));

    private long t = Long.MIN_VALUE;
    private long in = Long.MIN_VALUE;
    private long[] auctions = new long[0];
    private long[] counts = new long[0];

    /** Counts {@code bid} in this window ({@link HotBid#NONE}: nothing); this, changed. */
    HotItems add(HotBid bid) {
      if (bid.auction() < 0) {
        return this;
      }
      t = Math.max(t, bid.t());
      in = Math.max(in, bid.in());
      int i = Arrays.binarySearch(auctions, bid.auction());
      if (i >= 0) {
        counts[i]++;
        return this;
      }
      int at = -i - 1;
      auctions = inserted(auctions, at, bid.auction());
      counts = inserted(counts, at, 1);
      return this;
    }

    private static long[] inserted(long[] values, int at, long value) {
      long[] grown = new long[values.length + 1];
      System.arraycopy(values, 0, grown, 0, at);
      grown[at] = value;
      System.arraycopy(values, at, grown, at + 1, values.length - at);
      return grown;
    }

    /**
     * The rows of the window starting at {@code start} (epoch ms), by auction: a row per auction
     * with its most bids, {@code seq,t,auction,num,starttime,in}; none for a window of no bids.
     */
    List<KeyValue<String, String>> rows(long start) {
      long max = 0;
      for (long n : counts) {
        max = Math.max(max, n);
      }
      List<KeyValue<String, String>> rows = new ArrayList<>(1);
      for (int i = 0; i < auctions.length; i++) {
        if (counts[i] == max) {
          long auction = auctions[i];
          rows.add(
              KeyValue.pair(
                  Long.toString(auction),
                  NexmarkEvents.auctionSeq(auction)
                      + ","
                      + t
                      + ","
                      + auction
                      + ","
                      + max
                      + ","
                      + start
                      + ","
                      + in));
        }
      }
      return rows;
    }

    /** {@code t}, {@code in}, then each auction and its count. */
    byte[] encode() {
      ByteBuffer buf = ByteBuffer.allocate(Long.BYTES * (2 + 2 * auctions.length));
      buf.putLong(t).putLong(in);
      for (int i = 0; i < auctions.length; i++) {
        buf.putLong(auctions[i]).putLong(counts[i]);
      }
      return buf.array();
    }

    static HotItems decode(byte[] bytes) {
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      HotItems items = new HotItems();
      items.t = buf.getLong();
      items.in = buf.getLong();
      int n = buf.remaining() / (2 * Long.BYTES);
      items.auctions = new long[n];
      items.counts = new long[n];
      for (int i = 0; i < n; i++) {
        items.auctions[i] = buf.getLong();
        items.counts[i] = buf.getLong();
      }
      return items;
    }
  }

  /**
   * q7's aggregate of a window: the highest price of its bids, the bids at that price (each {@code
   * seq,auction,price,bidder,dateTime,extra}) and the latest {@code t} and {@code in} of all of its
   * bids. {@link #NONE} (an end marker) changes nothing.
   */
  record Highest(long price, long t, long in, List<String> bids) {
    static final Highest NONE =
        new Highest(Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, List.of());
    static final Serde<Highest> SERDE = text(Highest::encode, Highest::decode);

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
    static final Serde<NewUser> SERDE = text(NewUser::encode, NewUser::decode);

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
