package org.streambench.engine.spark;

import java.util.Arrays;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;

/**
 * Nexmark's stateless queries (docs/nexmark.md) in Spark SQL, as the nexmark project states them:
 * the events' stream, split and filtered to bids, is the view {@code bid}; the query runs on it and
 * each row goes to Kafka as {@code seq,t,columns,in}, the bid's {@code seq}, {@code t} and entry
 * stamp ({@code in_stamp}) around the query's own columns. Stateless, append mode, no shuffle.
 */
final class NexmarkSql {
  static final String Q0 =
      "SELECT seq, t, auction, bidder, price, dateTime, extra, in_stamp FROM bid";
  static final String Q1 =
      "SELECT seq, t, auction, bidder, 0.908 * price AS price, dateTime, extra, in_stamp FROM bid";
  static final String Q2 =
      "SELECT seq, t, auction, price, in_stamp FROM bid WHERE MOD(auction, 123) = 0";

  private NexmarkSql() {}

  static StreamingQuery q0(org.apache.spark.sql.SparkSession spark, JobSpec spec)
      throws TimeoutException {
    return start(spark, spec, Q0);
  }

  static StreamingQuery q1(org.apache.spark.sql.SparkSession spark, JobSpec spec)
      throws TimeoutException {
    return start(spark, spec, Q1);
  }

  static StreamingQuery q2(org.apache.spark.sql.SparkSession spark, JobSpec spec)
      throws TimeoutException {
    return start(spark, spec, Q2);
  }

  private static StreamingQuery start(
      org.apache.spark.sql.SparkSession spark, JobSpec spec, String sql) throws TimeoutException {
    return KafkaIo.write(results(KafkaIo.read(spark, spec), sql), spec, "append");
  }

  /** {@code sql} over the bids among the {@code value,in} records, rows as lines without out. */
  static Dataset<String> results(Dataset<String> records, String sql) {
    records
        .selectExpr("split(value, ',') AS f")
        .where("f[2] = '2'")
        .selectExpr(
            "CAST(f[0] AS BIGINT) AS seq",
            "CAST(f[1] AS BIGINT) AS t",
            "CAST(f[3] AS BIGINT) AS auction",
            "CAST(f[4] AS BIGINT) AS bidder",
            "CAST(f[5] AS BIGINT) AS price",
            "CAST(f[6] AS BIGINT) AS dateTime",
            "f[7] AS extra",
            "CAST(f[8] AS BIGINT) AS in_stamp")
        .createOrReplaceTempView("bid");
    Dataset<Row> rows = records.sparkSession().sql(sql);
    String line =
        Arrays.stream(rows.columns())
            .map(c -> "CAST(`" + c + "` AS STRING)")
            .collect(Collectors.joining(", ", "concat_ws(',', ", ")"));
    return rows.selectExpr(line).as(Encoders.STRING());
  }
}
