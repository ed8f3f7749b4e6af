package org.streambench.engine.spark;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.streaming.MemoryStream;

/**
 * What the job tests need that differs between Spark's lines, for Spark 3.5 (the Spark engine has
 * the Spark 4 copy): here {@code MemoryStream} is in {@code execution.streaming} and takes the
 * session's {@code SQLContext}.
 */
final class SparkLine {
  private SparkLine() {}

  /** A stream of one partition (a Kafka key's records stay in order) holding {@code records}. */
  static Dataset<String> memoryInput(int id, SparkSession spark, List<String> records) {
    MemoryStream<String> input =
        MemoryStream.apply(id, spark.sqlContext(), scala.Option.apply(1), Encoders.STRING());
    input.addData(scala.jdk.javaapi.CollectionConverters.asScala(records).toSeq());
    return input.toDS();
  }
}
