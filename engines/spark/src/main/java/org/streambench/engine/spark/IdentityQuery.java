package org.streambench.engine.spark;

import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;

/**
 * identity: Kafka source → Kafka sink, a stateless query in append mode. Its only operators are the
 * two typed maps that stamp {@code in} after the scan and {@code out} before the sink ({@link
 * KafkaIo}); Spark fuses scan, maps and write into one task per Kafka partition, so there is no
 * shuffle. Runs with either trigger, continuous processing included.
 */
final class IdentityQuery {
  private IdentityQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(KafkaIo.read(spark, spec), spec, "append");
  }
}
