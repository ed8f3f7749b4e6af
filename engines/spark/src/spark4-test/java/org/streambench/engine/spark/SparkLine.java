package org.streambench.engine.spark;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.streaming.runtime.MemoryStream;

/**
 * What the job tests need that differs between Spark's lines, for Spark 4 (spark@3.5 has its own
 * copy): Spark 4.1 moved {@code MemoryStream} to {@code execution.streaming.runtime} and takes the
 * session where 3.5 takes its {@code SQLContext}.
 */
final class SparkLine {
  private SparkLine() {}

  /** A stream of one partition (a Kafka key's records stay in order) holding {@code records}. */
  static Dataset<String> memoryInput(int id, SparkSession spark, List<String> records) {
    MemoryStream<String> input =
        MemoryStream.apply(id, spark, scala.Option.apply(1), Encoders.STRING());
    input.addData(scala.jdk.javaapi.CollectionConverters.asScala(records).toSeq());
    return input.toDS();
  }
}
