package org.streambench.engine.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.expressions.Aggregator;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * Nexmark's queries (docs/nexmark.md) in Spark SQL, as the nexmark project states them: the events'
 * stream, split by kind, is the views {@code person}, {@code auction} and {@code bid} (Nexmark's
 * columns after the record's {@code seq, t, kind}, then {@code eventTime}, the event's dateTime as
 * a timestamp, and {@code in_stamp}, the entry stamp); the query runs on them and each row goes to
 * Kafka as {@code seq,t,columns,in}: the {@code seq} of the event the row is about, the latest
 * {@code t} and entry stamp among the events that made it, and the query's own columns between.
 * Every query runs in append mode: q0–q2 are stateless, q3 is a stream-stream join whose matches
 * are final as they are found, q5, q7 and q8 emit a window once the watermark has passed its end.
 *
 * <p>The windowed queries' watermark trails the newest eventTime by {@code watermark.delay.ms}
 * (Nexmark's {@code dateTime - INTERVAL '4' SECOND}). The end marker that follows the input ({@code
 * -1,t,9}, its eventTime {@code t} as ms) must reach the watermark operator to close the last
 * windows, so in their views every kind's rows come with the end markers (null but for {@code seq,
 * t, kind, eventTime, in_stamp}): Catalyst pushes a view's filter below the watermark operator, and
 * a marker filtered out there would never move it. The markers fall in windows of their own, which
 * never close, and the queries' aggregates leave them out of what they emit anyway.
 *
 * <p>A query over two views (q3, q8) scans the source once for each in every micro-batch: Spark
 * plans each view's branch from a scan of its own.
 */
final class NexmarkSql {
  static final String Q0 =
      "SELECT seq, t, auction, bidder, price, dateTime, extra, in_stamp FROM bid";
  static final String Q1 =
      "SELECT seq, t, auction, bidder, 0.908 * price AS price, dateTime, extra, in_stamp FROM bid";
  static final String Q2 =
      "SELECT seq, t, auction, price, in_stamp FROM bid WHERE MOD(auction, 123) = 0";

  /**
   * Calculation: the nexmark project's q14, {@code count_char} a function of its own, the hour of
   * {@code eventTime} in the session's time zone (UTC, {@link #results}).
   */
  static final String Q14 =
      "SELECT seq, t, auction, bidder, 0.908 * price AS price,"
          + " CASE WHEN hour(eventTime) >= 8 AND hour(eventTime) <= 18 THEN 'dayTime'"
          + " WHEN hour(eventTime) <= 6 OR hour(eventTime) >= 20 THEN 'nightTime'"
          + " ELSE 'otherTime' END AS bidTimeType,"
          + " dateTime, extra, count_char(extra, 'c') AS c_counts, in_stamp"
          + " FROM bid WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000";

  /**
   * An unbounded stream-stream inner join: Spark keeps both sides' rows in its state store for ever
   * (no watermark: Nexmark's q3 has none) and emits each match in the batch its later side arrives.
   */
  static final String Q3 =
      "SELECT A.seq, greatest(A.t, P.t) AS t, P.name, P.city, P.state, A.id,"
          + " greatest(A.in_stamp, P.in_stamp) AS in_stamp"
          + " FROM auction A JOIN person P ON A.seller = P.id"
          + " WHERE A.category = 10 AND P.state IN ('OR', 'ID', 'CA')";

  /**
   * Average price for a category in two chained aggregations after a stream-stream interval join:
   * each auction ({@code auction_close}, its event time its expiry, {@code closeTime}) joined with
   * its bids from its opening to its expiry, bounded by the longest an auction lasts ({@code %d}
   * ms), so that Spark can drop both sides' state behind the watermark; its highest price per
   * tumbling 10 s window of its expiry and auction; and per window and category the integer mean of
   * those prices (Flink's {@code AVG} of a {@code BIGINT}). The nexmark project's regular join and
   * unbounded {@code GROUP BY} would revise each category's average with every auction.
   */
  private static final String Q4 =
      "SELECT category AS seq, max(t) AS t, category, sum(final) DIV count(*) AS average,"
          + " unix_millis(`window`.start) AS starttime, max(in_stamp) AS in_stamp"
          + " FROM (SELECT `window`, id, category, max(price) AS final, max(t) AS t,"
          + " max(in_stamp) AS in_stamp"
          + " FROM (SELECT A.id, A.category, A.closeTime, B.price,"
          + " greatest(A.t, B.t) AS t, greatest(A.in_stamp, B.in_stamp) AS in_stamp"
          + " FROM auction_close A JOIN bid B ON A.id = B.auction"
          + " AND B.eventTime BETWEEN A.closeTime - INTERVAL %d MILLISECONDS AND A.closeTime"
          + " AND unix_millis(B.eventTime) >= A.opened)"
          + " GROUP BY window(closeTime, '"
          + NexmarkQuery.WINDOW_MS
          + " milliseconds'), id, category)"
          + " GROUP BY `window`, category";

  /** The tumbling event-time window of q7 and q8, epoch-aligned. */
  private static final String WINDOW =
      "window(eventTime, '" + NexmarkQuery.WINDOW_MS + " milliseconds')";

  /**
   * q5's sliding event-time window, 10 s starting every 2 s, epoch-aligned (each bid is in five).
   */
  private static final String HOP =
      "window(eventTime, '"
          + NexmarkQuery.Q5_WINDOW_MS
          + " milliseconds', '"
          + NexmarkQuery.Q5_SLIDE_MS
          + " milliseconds')";

  /**
   * Hot items in two chained aggregations, both in append mode (Spark runs several stateful
   * operators in one query since 3.4): the bids counted per window and auction, Spark's own count
   * with a row of state per window and auction; once the watermark passes a window's end its counts
   * come out together and go on, in the same micro-batch, to an aggregation by that window (the
   * first's {@code window} column is the second's event time), whose {@code hot_items(auction,
   * num)} keeps the auctions at the highest count ({@link HotItems}), with the latest {@code t} and
   * entry stamp of all the window's bids; its row is exploded into one per leading auction. The
   * nexmark project joins the counts per auction with their window's maximum: in Spark a
   * stream-stream join of two aggregations, holding every count of a window in the join's state
   * again, and a rank over a window (Flink's Window Top-N) is not supported on a stream. A row is
   * about the auction, its {@code seq} computed from its id as {@link NexmarkEvents#auctionSeq}
   * does: a bid may name an auction not yet generated.
   */
  static final String Q5 =
      "SELECT (auction - 1000) DIV 3 * 50 + 1 + (auction - 1000) % 3 AS seq, w.t, auction,"
          + " w.top.num, unix_millis(w.`window`.start) AS starttime, w.in_stamp"
          + " FROM (SELECT `window`, max(t) AS t, max(in_stamp) AS in_stamp,"
          + " hot_items(auction, num) AS top"
          + " FROM (SELECT `window`, auction, count(*) AS num, max(t) AS t,"
          + " max(in_stamp) AS in_stamp FROM bid GROUP BY "
          + HOP
          + ", auction)"
          + " GROUP BY `window`) w LATERAL VIEW explode(w.top.auctions) AS auction";

  /**
   * One aggregation per window keeps its highest bids ({@link HighestBids}) and the latest {@code
   * t} and entry stamp of its bids; the window's row, once final, is exploded into one per bid.
   * (The nexmark project joins the bids with their window's maximum price; in Spark that
   * stream-stream join would hold every bid of a window in its state until the window's maximum is
   * final.)
   */
  static final String Q7 =
      "SELECT b.seq, w.t, b.auction, b.price, b.bidder, b.dateTime, b.extra, w.in_stamp"
          + " FROM (SELECT max(t) AS t, max(in_stamp) AS in_stamp,"
          + " highest_bids(seq, auction, price, bidder, dateTime, extra) AS top"
          + " FROM bid GROUP BY "
          + WINDOW
          + ") w LATERAL VIEW explode(w.top.bids) AS b";

  /**
   * The nexmark project joins the people per window with the sellers per window, which Spark would
   * run as two aggregations and a stream-stream join, three state stores; here people and auctions
   * are grouped together by window and person (a seller is the person of that id), one aggregation,
   * and a window's person is kept if it opened an auction there. The row's {@code t} and entry
   * stamp are the latest of the person and those auctions.
   */
  static final String Q8 =
      "SELECT max(seq) FILTER (WHERE kind = 0) AS seq, max(t) AS t, id,"
          + " max(name) AS name, unix_millis(window.start) AS starttime, max(in_stamp) AS in_stamp"
          + " FROM (SELECT seq, t, kind, id, name, eventTime, in_stamp FROM person"
          + " UNION ALL SELECT seq, t, kind, seller, NULL, eventTime, in_stamp FROM auction)"
          + " GROUP BY "
          + WINDOW
          + ", id HAVING bool_or(kind = 0) AND bool_or(kind = 1)";

  /**
   * User sessions: an aggregation per bidder and {@code session_window}, final once the watermark
   * passes a session's end. The end markers, in the view so that they move the watermark, fall in a
   * group of no bidder that {@code count(bidder)} leaves empty; a filter on the bidder itself would
   * go below the watermark with them.
   */
  static final String Q11 =
      "SELECT bidder AS seq, max(t) AS t, bidder, count(bidder) AS bid_count,"
          + " unix_millis(session_window.start) AS starttime,"
          + " unix_millis(session_window.end) AS endtime, max(in_stamp) AS in_stamp"
          + " FROM bid GROUP BY bidder, session_window(eventTime, '"
          + NexmarkQuery.SESSION_GAP_MS
          + " milliseconds') HAVING count(bidder) > 0";

  /** Each kind's fields after {@code seq,t,kind}, in record order, typed where not a string. */
  private static final List<String> PERSON =
      List.of(
          "id BIGINT",
          "name",
          "emailAddress",
          "creditCard",
          "city",
          "state",
          "dateTime BIGINT",
          "extra");

  private static final List<String> AUCTION =
      List.of(
          "id BIGINT",
          "itemName",
          "description",
          "initialBid BIGINT",
          "reserve BIGINT",
          "dateTime BIGINT",
          "expires BIGINT",
          "seller BIGINT",
          "category BIGINT",
          "extra");

  private static final List<String> BID =
      List.of("auction BIGINT", "bidder BIGINT", "price BIGINT", "dateTime BIGINT", "extra");

  private NexmarkSql() {}

  static StreamingQuery q0(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q0);
  }

  static StreamingQuery q1(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q1);
  }

  static StreamingQuery q2(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q2);
  }

  static StreamingQuery q3(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q3);
  }

  static StreamingQuery q4(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q4);
  }

  static StreamingQuery q5(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q5);
  }

  static StreamingQuery q7(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q7);
  }

  static StreamingQuery q8(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q8);
  }

  static StreamingQuery q11(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q11);
  }

  static StreamingQuery q14(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(spark, spec, NexmarkQuery.Q14);
  }

  private static StreamingQuery start(SparkSession spark, JobSpec spec, NexmarkQuery q)
      throws TimeoutException {
    Dataset<String> records = KafkaIo.read(spark, spec);
    return KafkaIo.write(results(records, q, new WorkloadParams(spec)), spec, "append");
  }

  /** The SQL of query {@code q} with the workload's {@code params}. */
  static String sql(NexmarkQuery q, WorkloadParams params) {
    return switch (q) {
      case Q0 -> Q0;
      case Q1 -> Q1;
      case Q2 -> Q2;
      case Q3 -> Q3;
      case Q4 -> String.format(Q4, NexmarkEvents.maxAuctionLengthMs(params));
      case Q5 -> Q5;
      case Q7 -> Q7;
      case Q8 -> Q8;
      case Q11 -> Q11;
      case Q14 -> Q14;
    };
  }

  /** Query {@code q} over the events among the {@code value,in} records: lines without out. */
  static Dataset<String> results(Dataset<String> records, NexmarkQuery q, WorkloadParams params) {
    SparkSession spark = records.sparkSession();
    // hours of the day (q14) in UTC, as the rig's Flink job reads them
    spark.conf().set("spark.sql.session.timeZone", "UTC");
    spark
        .udf()
        .register(
            "count_char",
            (UDF2<String, String, Long>)
                (s, c) -> s.chars().filter(ch -> ch == c.charAt(0)).count(),
            DataTypes.LongType);
    Dataset<Row> events =
        records
            .selectExpr("split(value, ',') AS f")
            .selectExpr(
                "f",
                "CAST(f[0] AS BIGINT) AS seq",
                "CAST(f[1] AS BIGINT) AS t",
                "CAST(f[2] AS INT) AS kind",
                "timestamp_millis(CASE CAST(f[2] AS INT)"
                    + " WHEN 0 THEN CAST(f[9] AS BIGINT)"
                    + " WHEN 1 THEN CAST(f[8] AS BIGINT)"
                    + " WHEN 2 THEN CAST(f[6] AS BIGINT)"
                    + " ELSE CAST(f[1] AS BIGINT) DIV 1000 END) AS eventTime",
                "CAST(element_at(f, -1) AS BIGINT) AS in_stamp");
    if (q == NexmarkQuery.Q4) {
      closingAuctions(events, params);
    }
    boolean windowed = q.shape() == NexmarkQuery.Shape.WINDOWED;
    if (windowed) {
      events =
          events.withWatermark(
              "eventTime", params.longValue("watermark.delay.ms") + " milliseconds");
      spark.udf().register("highest_bids", functions.udaf(new HighestBids(), HighestBids.INPUT));
      spark.udf().register("hot_items", functions.udaf(new HotItems(), HotItems.INPUT));
    }
    view(events, "person", NexmarkEvents.PERSON, PERSON, windowed);
    view(events, "auction", NexmarkEvents.AUCTION, AUCTION, windowed);
    view(events, "bid", NexmarkEvents.BID, BID, windowed);
    Dataset<Row> rows = spark.sql(sql(q, params));
    String line =
        Arrays.stream(rows.columns())
            .map(c -> "CAST(`" + c + "` AS STRING)")
            .collect(Collectors.joining(", ", "concat_ws(',', ", ")"));
    return rows.selectExpr(line).as(Encoders.STRING());
  }

  /**
   * q4's view {@code auction_close}: the auctions (and the end markers, which move its watermark)
   * with their expiry as event time ({@code closeTime}, the marker's its own) under a watermark of
   * its own, {@code watermark.delay.ms} behind the latest expiry; an auction opens before it
   * expires, so the query's watermark, the least of its inputs', is the bids' {@code eventTime}'s.
   * {@code opened} is the auction's {@code eventTime}, taken before the events' watermark, so that
   * it is a plain column here.
   */
  private static void closingAuctions(Dataset<Row> events, WorkloadParams params) {
    events
        .where("kind IN (" + NexmarkEvents.AUCTION + ", " + NexmarkEvents.END + ")")
        .selectExpr(
            "seq",
            "t",
            "CAST(get(f, 3) AS BIGINT) AS id",
            "CAST(get(f, 11) AS BIGINT) AS category",
            "unix_millis(eventTime) AS opened",
            "CASE kind WHEN "
                + NexmarkEvents.AUCTION
                + " THEN timestamp_millis(CAST(get(f, 9) AS"
                + " BIGINT)) ELSE eventTime END AS closeTime",
            "in_stamp")
        .withWatermark("closeTime", params.longValue("watermark.delay.ms") + " milliseconds")
        .createOrReplaceTempView("auction_close");
  }

  /**
   * The view {@code name} of the events of {@code kind} (and the end markers, if {@code
   * withMarkers}), {@code fields} from the record's fourth on; {@code get} gives a marker's null.
   */
  private static void view(
      Dataset<Row> events, String name, int kind, List<String> fields, boolean withMarkers) {
    List<String> columns = new ArrayList<>(List.of("seq", "t", "kind"));
    for (int i = 0; i < fields.size(); i++) {
      String[] nameAndType = fields.get(i).split(" ");
      String field = "get(f, " + (i + 3) + ")";
      columns.add(
          (nameAndType.length == 2 ? "CAST(" + field + " AS " + nameAndType[1] + ")" : field)
              + " AS "
              + nameAndType[0]);
    }
    columns.addAll(List.of("eventTime", "in_stamp"));
    events
        .where(withMarkers ? "kind IN (" + kind + ", " + NexmarkEvents.END + ")" : "kind = " + kind)
        .selectExpr(columns.toArray(String[]::new))
        .createOrReplaceTempView(name);
  }

  /**
   * q7's aggregate, {@code highest_bids(seq, auction, price, bidder, dateTime, extra)}: the bids of
   * a group at its highest price, every one of them on a tie. Its state is those bids only, where a
   * {@code collect_list} filtered at the end would hold every bid of the window and rewrite them
   * all at each micro-batch; a built-in {@code max_by} keeps one bid, not the ties. Rows without a
   * price (end markers) are left out.
   */
  public static final class HighestBids extends Aggregator<Row, HighestBids.Top, HighestBids.Top> {
    /** Its arguments, bound by position. */
    static final Encoder<Row> INPUT =
        Encoders.row(
            new StructType()
                .add("seq", DataTypes.LongType)
                .add("auction", DataTypes.LongType)
                .add("price", DataTypes.LongType)
                .add("bidder", DataTypes.LongType)
                .add("dateTime", DataTypes.LongType)
                .add("extra", DataTypes.StringType));

    @Override
    public Top zero() {
      return new Top();
    }

    @Override
    public Top reduce(Top top, Row in) {
      if (!in.isNullAt(2) && in.getLong(2) >= top.highest()) {
        Bid bid = new Bid();
        bid.setSeq(in.getLong(0));
        bid.setAuction(in.getLong(1));
        bid.setPrice(in.getLong(2));
        bid.setBidder(in.getLong(3));
        bid.setDateTime(in.getLong(4));
        bid.setExtra(in.getString(5));
        top.add(bid);
      }
      return top;
    }

    @Override
    public Top merge(Top a, Top b) {
      b.getBids().forEach(a::add);
      return a;
    }

    @Override
    public Top finish(Top top) {
      return top;
    }

    @Override
    public Encoder<Top> bufferEncoder() {
      return Encoders.bean(Top.class);
    }

    @Override
    public Encoder<Top> outputEncoder() {
      return Encoders.bean(Top.class);
    }

    /** The bids at the highest price so far. A bean, so Spark stores it as columns. */
    public static final class Top {
      private List<Bid> bids = new ArrayList<>();

      /** The highest price so far, or the least long before the first bid. */
      long highest() {
        return bids.isEmpty() ? Long.MIN_VALUE : bids.get(0).getPrice();
      }

      /** Keeps {@code bid} if it is at the highest price; one above it replaces those kept. */
      void add(Bid bid) {
        long highest = highest();
        if (bid.getPrice() > highest) {
          bids.clear();
        }
        if (bid.getPrice() >= highest) {
          bids.add(bid);
        }
      }

      public List<Bid> getBids() {
        return bids;
      }

      public void setBids(List<Bid> bids) {
        this.bids = new ArrayList<>(bids);
      }
    }

    /** A bid and its seq, as q7 emits it. */
    public static final class Bid {
      private long seq;
      private long auction;
      private long price;
      private long bidder;
      private long dateTime;
      private String extra;

      public long getSeq() {
        return seq;
      }

      public void setSeq(long seq) {
        this.seq = seq;
      }

      public long getAuction() {
        return auction;
      }

      public void setAuction(long auction) {
        this.auction = auction;
      }

      public long getPrice() {
        return price;
      }

      public void setPrice(long price) {
        this.price = price;
      }

      public long getBidder() {
        return bidder;
      }

      public void setBidder(long bidder) {
        this.bidder = bidder;
      }

      public long getDateTime() {
        return dateTime;
      }

      public void setDateTime(long dateTime) {
        this.dateTime = dateTime;
      }

      public String getExtra() {
        return extra;
      }

      public void setExtra(String extra) {
        this.extra = extra;
      }
    }
  }

  /**
   * q5's aggregate, {@code hot_items(auction, num)}: the auctions of a group at its highest count,
   * every one of them on a tie, and that count. Its state is those auctions only. Rows without a
   * count are left out.
   */
  public static final class HotItems extends Aggregator<Row, HotItems.Top, HotItems.Top> {
    /** Its arguments, bound by position. */
    static final Encoder<Row> INPUT =
        Encoders.row(
            new StructType().add("auction", DataTypes.LongType).add("num", DataTypes.LongType));

    @Override
    public Top zero() {
      return new Top();
    }

    @Override
    public Top reduce(Top top, Row in) {
      if (!in.isNullAt(0) && !in.isNullAt(1)) {
        top.add(in.getLong(0), in.getLong(1));
      }
      return top;
    }

    @Override
    public Top merge(Top a, Top b) {
      b.getAuctions().forEach(auction -> a.add(auction, b.getNum()));
      return a;
    }

    @Override
    public Top finish(Top top) {
      return top;
    }

    @Override
    public Encoder<Top> bufferEncoder() {
      return Encoders.bean(Top.class);
    }

    @Override
    public Encoder<Top> outputEncoder() {
      return Encoders.bean(Top.class);
    }

    /** The highest count so far and the auctions at it. A bean, so Spark stores it as columns. */
    public static final class Top {
      private long num;
      private List<Long> auctions = new ArrayList<>();

      /** Keeps {@code auction} if {@code num} is the highest count; a higher one replaces those. */
      void add(long auction, long num) {
        if (auctions.isEmpty() || num > this.num) {
          auctions.clear();
          this.num = num;
        }
        if (num == this.num) {
          auctions.add(auction);
        }
      }

      public long getNum() {
        return num;
      }

      public void setNum(long num) {
        this.num = num;
      }

      public List<Long> getAuctions() {
        return auctions;
      }

      public void setAuctions(List<Long> auctions) {
        this.auctions = new ArrayList<>(auctions);
      }
    }
  }
}
