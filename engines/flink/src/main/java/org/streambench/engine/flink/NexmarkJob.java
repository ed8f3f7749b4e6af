package org.streambench.engine.flink;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.types.Row;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * Nexmark's queries (docs/nexmark.md) in Flink SQL, as the nexmark project states them: the events'
 * stream, typed, is the source table {@code event} with {@code dateTime} as event time, and its
 * views {@code person}, {@code auction} and {@code bid} split it by kind; the query runs on them
 * and its rows go to Kafka. Each row carries its key event's {@code seq}, the latest {@code t} and
 * entry stamp ({@code in_stamp}) of the events that made it around the query's own columns, so that
 * every engine's rows are checked and timed alike.
 */
final class NexmarkJob {
  private static final TypeInformation<Long> L = Types.LONG;
  private static final TypeInformation<String> S = Types.STRING;

  static final String Q0 =
      "SELECT seq, t, auction, bidder, price, `dateTime`, extra, in_stamp FROM bid";
  static final String Q1 =
      "SELECT seq, t, auction, bidder, 0.908 * price AS price, `dateTime`, extra, in_stamp FROM bid";
  static final String Q2 =
      "SELECT seq, t, auction, price, in_stamp FROM bid WHERE MOD(auction, 123) = 0";

  /**
   * User sessions: the nexmark project's session window per bidder, here the session window TVF
   * partitioned by bidder (its {@code GROUP BY SESSION(...)} is Flink's legacy group window), each
   * session final once the watermark passes its end; a row is keyed by its bidder, as {@code seq},
   * and its start.
   */
  static final String Q11 =
      """
      SELECT bidder AS seq, MAX(t) AS t, bidder, COUNT(*) AS bid_count,
             window_start AS starttime, window_end AS endtime, MAX(in_stamp) AS in_stamp
      FROM TABLE(SESSION(TABLE bid PARTITION BY bidder, DESCRIPTOR(`dateTime`),
                         INTERVAL '10' SECOND))
      GROUP BY bidder, window_start, window_end
      """;

  /**
   * Calculation: the nexmark project's q14, its {@code count_char} a function ({@link CountChar}).
   */
  static final String Q14 =
      """
      SELECT seq, t, auction, bidder, 0.908 * price AS price,
             CASE
               WHEN HOUR(`dateTime`) >= 8 AND HOUR(`dateTime`) <= 18 THEN 'dayTime'
               WHEN HOUR(`dateTime`) <= 6 OR HOUR(`dateTime`) >= 20 THEN 'nightTime'
               ELSE 'otherTime'
             END AS bidTimeType,
             `dateTime`, extra, count_char(extra, 'c') AS c_counts, in_stamp
      FROM bid
      WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000
      """;

  /** Local item suggestion: a regular join, each row emitted once both sides have arrived. */
  static final String Q3 =
      """
      SELECT A.seq, GREATEST(A.t, P.t) AS t, P.name, P.city, P.state, A.id,
             GREATEST(A.in_stamp, P.in_stamp) AS in_stamp
      FROM auction AS A INNER JOIN person AS P ON A.seller = P.id
      WHERE A.category = 10 AND (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA')
      """;

  /**
   * Average price for a category: each auction joined with its bids from its opening to its expiry
   * by an interval join (the auction on {@code auction_close}, whose event time is its expiry;
   * bounded by the longest an auction lasts, from the workload's parameters), its winning price the
   * highest in the tumbling 10 s window of its expiry, and per category the average of those
   * prices, a window aggregation cascaded on the first. The nexmark project's regular join and
   * unbounded {@code GROUP BY} would revise each category's average with every auction instead.
   */
  static final String Q4 =
      """
      WITH Winning AS (
        SELECT id, category, MAX(price) AS final, MAX(t) AS t, MAX(in_stamp) AS in_stamp,
               window_start, window_end
        FROM TABLE(TUMBLE(TABLE auction_bid, DESCRIPTOR(closeTime), INTERVAL '10' SECOND))
        GROUP BY id, category, window_start, window_end
      )
      SELECT category AS seq, MAX(t) AS t, category, AVG(final) AS average,
             window_start AS starttime, MAX(in_stamp) AS in_stamp
      FROM Winning
      GROUP BY category, window_start, window_end
      """;

  /** q4's auctions with each of their bids in time ({@link #Q4}). */
  private static final String AUCTION_BID =
      """
      CREATE TEMPORARY VIEW auction_bid AS
      SELECT A.id, A.category, A.closeTime, B.price, GREATEST(A.t, B.t) AS t,
             GREATEST(A.in_stamp, B.in_stamp) AS in_stamp
      FROM auction_close AS A JOIN bid AS B ON A.id = B.auction
        AND B.`dateTime` BETWEEN A.closeTime - INTERVAL '%d' SECOND AND A.closeTime
      WHERE B.`dateTime` >= A.opened
      """;

  /**
   * Hot items: the nexmark project's two HOP window aggregations joined on the window ({@code
   * AuctionBids.num >= MaxBids.maxn}), a window join that fires and drops each window once the
   * watermark passes its end. The per-window maximum is a window aggregation cascaded on the
   * per-auction one rather than a second count of every bid, and the common table {@code
   * AuctionBids} is planned once and read by both sides: each side reads its {@code t} and entry
   * stamp (the window's are the greater), since a side that read fewer columns would be planned as
   * an aggregation of its own. The window's {@code t} and stamp are the latest of all its bids, not
   * only its leaders'. A row is about the auction, its {@code seq} computed from its id as {@link
   * NexmarkEvents#auctionSeq} does: a bid may name an auction not yet generated.
   */
  static final String Q5 =
      """
      WITH AuctionBids AS (
        SELECT auction, COUNT(*) AS num, MAX(t) AS t, MAX(in_stamp) AS in_stamp,
               window_start, window_end
        FROM TABLE(HOP(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '2' SECOND,
                       INTERVAL '10' SECOND))
        GROUP BY auction, window_start, window_end
      )
      SELECT (A.auction - 1000) / 3 * 50 + 1 + MOD(A.auction - 1000, 3) AS seq,
             GREATEST(A.t, M.t) AS t, A.auction, A.num, A.window_start AS starttime,
             GREATEST(A.in_stamp, M.in_stamp) AS in_stamp
      FROM AuctionBids A
      JOIN (
        SELECT MAX(num) AS maxn, MAX(t) AS t, MAX(in_stamp) AS in_stamp, window_start, window_end
        FROM AuctionBids
        GROUP BY window_start, window_end
      ) M
      ON A.window_start = M.window_start AND A.window_end = M.window_end AND A.num >= M.maxn
      """;

  /**
   * Highest bid: each window's bids joined with the window's highest price. The nexmark project
   * joins every bid with the window maxima by a regular join on {@code B.dateTime BETWEEN
   * window_end - 10 s AND window_end}, which matches a bid on a window's end into two windows and
   * keeps every bid in state for good; a window join on the window itself keeps the query's meaning
   * ([start, end)) and drops each window's state once it has fired.
   */
  static final String Q7 =
      """
      SELECT B.seq, B1.t, B.auction, B.price, B.bidder, B.`dateTime`, B.extra, B1.in_stamp
      FROM TABLE(TUMBLE(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND)) B
      JOIN (
        SELECT MAX(price) AS maxprice, MAX(t) AS t, MAX(in_stamp) AS in_stamp,
               window_start, window_end
        FROM TABLE(TUMBLE(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
        GROUP BY window_start, window_end
      ) B1
      ON B.window_start = B1.window_start AND B.window_end = B1.window_end
         AND B.price = B1.maxprice
      """;

  /**
   * Monitor new users: the people of each window joined with the sellers of its auctions, a window
   * join of two window aggregations. A person is one row of {@code person}, so its group's {@code
   * seq} and {@code t} are its own.
   */
  static final String Q8 =
      """
      SELECT P.seq, GREATEST(P.t, A.t) AS t, P.id, P.name, P.starttime,
             GREATEST(P.in_stamp, A.in_stamp) AS in_stamp
      FROM (
        SELECT id, name, MIN(seq) AS seq, MAX(t) AS t, MAX(in_stamp) AS in_stamp,
               window_start AS starttime, window_end AS endtime
        FROM TABLE(TUMBLE(TABLE person, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
        GROUP BY id, name, window_start, window_end
      ) P
      JOIN (
        SELECT seller, MAX(t) AS t, MAX(in_stamp) AS in_stamp,
               window_start AS starttime, window_end AS endtime
        FROM TABLE(TUMBLE(TABLE auction, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
        GROUP BY seller, window_start, window_end
      ) A
      ON P.id = A.seller AND P.starttime = A.starttime AND P.endtime = A.endtime
      """;

  /**
   * Nexmark's columns of each kind of event, as its record has them from the fourth field on, less
   * {@code dateTime} (the source table's event time). Prices and ids are BIGINT, {@code expires}
   * epoch ms.
   */
  private static final RowTypeInfo PERSON =
      new RowTypeInfo(
          types(L, S, S, S, S, S, S),
          new String[] {"id", "name", "emailAddress", "creditCard", "city", "state", "extra"});

  private static final RowTypeInfo AUCTION =
      new RowTypeInfo(
          types(L, S, S, L, L, L, L, L, S),
          new String[] {
            "id",
            "itemName",
            "description",
            "initialBid",
            "reserve",
            "expires",
            "seller",
            "category",
            "extra"
          });

  private static final RowTypeInfo BID =
      new RowTypeInfo(types(L, L, L, S), new String[] {"auction", "bidder", "price", "extra"});

  /**
   * The source table {@code event}, as the nexmark project's: the event's kind ({@code
   * event_type}), its person, auction or bid as a nested row (the others null), and the rig's
   * {@code seq}, {@code t} and {@code in_stamp}.
   */
  private static final RowTypeInfo EVENT =
      new RowTypeInfo(
          types(L, L, Types.INT, PERSON, AUCTION, BID, L),
          new String[] {"seq", "t", "event_type", "person", "auction", "bid", "in_stamp"});

  /** The nexmark project's views of its source table, one per kind, with the rig's columns. */
  private static final List<String> VIEWS =
      List.of(
          """
          CREATE TEMPORARY VIEW person AS
          SELECT seq, t, person.id, person.name, person.emailAddress, person.creditCard,
                 person.city, person.state, `dateTime`, person.extra, in_stamp
          FROM event WHERE event_type = 0
          """,
          """
          CREATE TEMPORARY VIEW auction AS
          SELECT seq, t, auction.id, auction.itemName, auction.description, auction.initialBid,
                 auction.reserve, `dateTime`, auction.expires, auction.seller, auction.category,
                 auction.extra, in_stamp
          FROM event WHERE event_type = 1
          """,
          """
          CREATE TEMPORARY VIEW bid AS
          SELECT seq, t, bid.auction, bid.bidder, bid.price, `dateTime`, bid.extra, in_stamp
          FROM event WHERE event_type = 2
          """);

  private NexmarkJob() {}

  /** The nexmark project's {@code count_char(s, c)}: how often the character occurs in s. */
  public static final class CountChar extends ScalarFunction {
    public long eval(String s, String character) {
      char c = character.charAt(0);
      return s.chars().filter(ch -> ch == c).count();
    }
  }

  /** The query of {@code q}. */
  static String sql(NexmarkQuery q) {
    return switch (q) {
      case Q0 -> Q0;
      case Q1 -> Q1;
      case Q2 -> Q2;
      case Q3 -> Q3;
      case Q4 -> Q4;
      case Q5 -> Q5;
      case Q7 -> Q7;
      case Q8 -> Q8;
      case Q11 -> Q11;
      case Q14 -> Q14;
    };
  }

  /** The job of the workload {@code nexmark-q<n>} between its Kafka ends. */
  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    NexmarkQuery q = NexmarkQuery.ofWorkload(spec.workload());
    DataStream<Line> events =
        KafkaIo.read(
            env,
            spec,
            TypeInformation.of(Line.class),
            Line::parse,
            eventTime(q, new WorkloadParams(spec)));
    KafkaIo.write(query(events, q, new WorkloadParams(spec)), spec);
  }

  /**
   * Each record's event time is its event's {@code dateTime} (the end marker's its {@code t} in ms,
   * which so moves its partition's watermark past the last windows). A windowed query's watermark
   * trails the newest of a partition's by {@code watermark.delay.ms}, the nexmark project's {@code
   * WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND} at its default; the others need no
   * watermarks.
   */
  static WatermarkStrategy<Line> eventTime(NexmarkQuery q, WorkloadParams params) {
    SerializableTimestampAssigner<Line> dateTime =
        (e, kafkaTime) -> NexmarkEvents.eventTimeMs(e.value());
    return q.shape() == NexmarkQuery.Shape.WINDOWED
        ? KafkaIo.eventTime(Duration.ofMillis(params.longValue("watermark.delay.ms")), dateTime)
        : WatermarkStrategy.<Line>noWatermarks().withTimestampAssigner(dateTime);
  }

  /**
   * {@code sql} over the timestamped {@code events}, each row as {@code seq,t,columns,in}. The
   * stream is the table {@code event}, its {@code dateTime} the stream's timestamp with the
   * source's own per-partition watermarks; the end marker, of no kind, is in no view but has moved
   * them. Windows are epoch-aligned and shown in UTC, so that a window's start prints as its epoch
   * ms.
   */
  static DataStream<String> query(DataStream<Line> events, NexmarkQuery q, WorkloadParams params) {
    StreamTableEnvironment tables = StreamTableEnvironment.create(events.getExecutionEnvironment());
    tables.getConfig().setLocalTimeZone(ZoneOffset.UTC);
    DataStream<Row> rows = events.map(NexmarkJob::event).returns(EVENT).name("event");
    tables.createTemporaryView(
        "event",
        rows,
        Schema.newBuilder()
            .columnByMetadata("dateTime", DataTypes.TIMESTAMP_LTZ(3), "rowtime")
            .watermark("dateTime", "SOURCE_WATERMARK()")
            .build());
    VIEWS.forEach(tables::executeSql);
    tables.createTemporarySystemFunction("count_char", CountChar.class);
    if (q == NexmarkQuery.Q4) {
      closingAuctions(tables, rows, params);
    }
    return tables.toDataStream(tables.sqlQuery(sql(q))).map(NexmarkJob::line).name("format");
  }

  /**
   * q4's views: {@code auction_close}, the auctions with their expiry ({@code closeTime}) as event
   * time under the same watermarks (an auction expires after it opens, so none is late), and {@code
   * auction_bid} ({@link #AUCTION_BID}).
   */
  private static void closingAuctions(
      StreamTableEnvironment tables, DataStream<Row> rows, WorkloadParams params) {
    tables.createTemporaryView(
        "event_close",
        rows,
        Schema.newBuilder()
            .columnByMetadata("opened", DataTypes.TIMESTAMP_LTZ(3), "rowtime")
            .columnByExpression(
                "closeTime", "TO_TIMESTAMP_LTZ(COALESCE(auction.expires, t / 1000), 3)")
            .watermark("closeTime", "SOURCE_WATERMARK()")
            .build());
    tables.executeSql(
        """
        CREATE TEMPORARY VIEW auction_close AS
        SELECT seq, t, auction.id, auction.category, opened, closeTime, in_stamp
        FROM event_close WHERE event_type = 1
        """);
    long boundS = (NexmarkEvents.maxAuctionLengthMs(params) + 999) / 1000;
    tables.executeSql(String.format(AUCTION_BID, boundS));
  }

  /** A record {@code seq,t,kind,fields...} as a row of {@code event}. */
  private static Row event(Line e) {
    String v = e.value();
    int kind = Csv.intField(v, 2);
    Row event = Row.of(Csv.longField(v, 0), Csv.longField(v, 1), kind, null, null, null, e.in());
    switch (kind) {
      case NexmarkEvents.PERSON -> event.setField(3, fields(v, PERSON, 9));
      case NexmarkEvents.AUCTION -> event.setField(4, fields(v, AUCTION, 8));
      case NexmarkEvents.BID -> event.setField(5, fields(v, BID, 6));
      default -> {} // the end marker
    }
    return event;
  }

  /** The fields of record {@code v} from the fourth on, less {@code dateTime}, as a {@code row}. */
  private static Row fields(String v, RowTypeInfo row, int dateTimeField) {
    Row fields = Row.withPositions(row.getArity());
    int start = Csv.start(v, 3);
    for (int field = 3, column = 0; column < row.getArity(); field++) {
      int end = Csv.end(v, start);
      if (field != dateTimeField) {
        fields.setField(
            column,
            row.getTypeAt(column).equals(L)
                ? Long.parseLong(v, start, end, 10)
                : v.substring(start, end));
        column++;
      }
      start = end + 1;
    }
    return fields;
  }

  private static TypeInformation<?>[] types(TypeInformation<?>... types) {
    return types;
  }

  /**
   * A result row as the comma-separated line Kafka gets: decimals in plain notation, times (event
   * time, a window's start) in epoch ms as the input has them.
   */
  private static String line(Row row) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < row.getArity(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object field = row.getField(i);
      if (field instanceof BigDecimal d) {
        sb.append(d.toPlainString());
      } else if (field instanceof Instant instant) {
        sb.append(instant.toEpochMilli());
      } else if (field instanceof LocalDateTime time) {
        sb.append(time.toInstant(ZoneOffset.UTC).toEpochMilli());
      } else {
        sb.append(field);
      }
    }
    return sb.toString();
  }
}
