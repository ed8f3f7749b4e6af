package org.streambench.engine.flink;

import java.math.BigDecimal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;

/**
 * Nexmark's stateless queries (docs/nexmark.md) in Flink SQL, as the nexmark project states them:
 * the events' stream, filtered to bids and typed, is the table {@code bid}; the query runs on it
 * and its rows go to Kafka. Each row carries the bid's {@code seq}, {@code t} and entry stamp
 * ({@code in_stamp}) around the query's own columns, so that every engine's rows are checked and
 * timed alike.
 */
final class NexmarkJob {
  static final String Q0 =
      "SELECT seq, t, auction, bidder, price, `dateTime`, extra, in_stamp FROM bid";
  static final String Q1 =
      "SELECT seq, t, auction, bidder, 0.908 * price AS price, `dateTime`, extra, in_stamp FROM bid";
  static final String Q2 =
      "SELECT seq, t, auction, price, in_stamp FROM bid WHERE MOD(auction, 123) = 0";

  /** The table {@code bid}: Nexmark's bid columns, {@code dateTime} in ms, and the rig's. */
  private static final TypeInformation<Row> BID =
      Types.ROW_NAMED(
          new String[] {"seq", "t", "auction", "bidder", "price", "dateTime", "extra", "in_stamp"},
          Types.LONG,
          Types.LONG,
          Types.LONG,
          Types.LONG,
          Types.LONG,
          Types.LONG,
          Types.STRING,
          Types.LONG);

  private NexmarkJob() {}

  static void q0(StreamExecutionEnvironment env, JobSpec spec) {
    build(env, spec, Q0);
  }

  static void q1(StreamExecutionEnvironment env, JobSpec spec) {
    build(env, spec, Q1);
  }

  static void q2(StreamExecutionEnvironment env, JobSpec spec) {
    build(env, spec, Q2);
  }

  private static void build(StreamExecutionEnvironment env, JobSpec spec, String sql) {
    KafkaIo.write(
        query(KafkaIo.read(env, spec, TypeInformation.of(Line.class), Line::parse), sql), spec);
  }

  /** {@code sql} over the bids among {@code events}, each row as {@code seq,t,columns,in}. */
  static DataStream<String> query(DataStream<Line> events, String sql) {
    StreamTableEnvironment tables = StreamTableEnvironment.create(events.getExecutionEnvironment());
    DataStream<Row> bids =
        events
            .filter(e -> Csv.intField(e.value(), 2) == 2)
            .name("bids")
            .map(NexmarkJob::bid)
            .returns(BID)
            .name("bid");
    tables.createTemporaryView("bid", bids);
    Table rows = tables.sqlQuery(sql);
    return tables.toDataStream(rows).map(NexmarkJob::line).name("format");
  }

  /** A bid record {@code seq,t,2,auction,bidder,price,dateTime,extra} as a row of {@code bid}. */
  private static Row bid(Line e) {
    String v = e.value();
    return Row.of(
        Csv.longField(v, 0),
        Csv.longField(v, 1),
        Csv.longField(v, 3),
        Csv.longField(v, 4),
        Csv.longField(v, 5),
        Csv.longField(v, 6),
        Csv.field(v, 7),
        e.in());
  }

  /** A result row as the comma-separated line Kafka gets (decimals in plain notation). */
  private static String line(Row row) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < row.getArity(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object field = row.getField(i);
      sb.append(field instanceof BigDecimal d ? d.toPlainString() : String.valueOf(field));
    }
    return sb.toString();
  }
}
