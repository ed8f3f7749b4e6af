package org.streambench.engine.spark;

import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * sleep: identity with slow user code, a typed {@code map} that holds every record {@code sleep.ms}
 * ({@code Thread.sleep}, the blocking call a user function might make). Stateless, append mode, one
 * task per Kafka partition, so capacity is {@code min(partitions, cores) × 1000 / sleep.ms}
 * records/s; a micro-batch lasts as long as its slowest partition.
 */
final class SleepQuery {
  private SleepQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(
        results(KafkaIo.read(spark, spec), new WorkloadParams(spec)), spec, "append");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records, WorkloadParams params) {
    long sleepMs = params.longValue("sleep.ms");
    return records.map(
        (MapFunction<String, String>)
            record -> {
              Thread.sleep(sleepMs);
              return record;
            },
        Encoders.STRING());
  }
}
