package org.streambench.engine.spark;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamReader;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;

/**
 * The Kafka ends every query shares.
 *
 * <p>Source: Spark's Kafka source ({@code format("kafka")}) from the earliest offsets, consumer
 * group prefix = the run id; the binary {@code value} is decoded and stamped with {@code in} by a
 * typed {@code map} right after the scan. Spark pipelines scan and map in one task (whole-stage
 * code generation), so {@code in} is taken as the task pulls the record from its Kafka consumer:
 * <b>after</b> the micro-batch that contains it was planned. The time a record waits in Kafka for
 * the next batch (up to one trigger interval plus one batch duration) is therefore not in engine
 * latency; end-to-end latency, on the harness's clock, includes it.
 *
 * <p>Sink: the last projection of every query appends {@code out}; Spark's Kafka sink writes each
 * row right after that projection produced it, in the same task iterator, so {@code out} is taken
 * just before {@code producer.send}. The producer's batching and the micro-batch commit come after.
 * In a stateless query both stamps are taken in the same task iterator, microseconds apart, so its
 * engine latency is near zero and all of Spark's batching shows in end-to-end latency only; in a
 * stateful query they span the shuffle and the state store (two stages of the same batch).
 *
 * <p>Settings: {@code kafka.consumer.X} → source option {@code kafka.X} (consumer properties),
 * {@code source.X} → source option {@code X} (e.g. {@code maxOffsetsPerTrigger}), {@code
 * kafka.producer.X} → sink option {@code kafka.X} (producer properties), {@code sink.X} → sink
 * option {@code X}.
 */
final class KafkaIo {
  private KafkaIo() {}

  /** The input topic as {@code value,in} strings. */
  static Dataset<String> read(SparkSession spark, JobSpec spec) {
    return read(spark, spec, spec.inputTopic());
  }

  /** Comma-separated {@code topics} as one stream of {@code value,in} strings. */
  static Dataset<String> read(SparkSession spark, JobSpec spec, String topics) {
    DataStreamReader reader =
        spark
            .readStream()
            .format("kafka")
            .option("kafka.bootstrap.servers", spec.bootstrapServers())
            .option("subscribe", topics)
            .option("startingOffsets", "earliest")
            .option("groupIdPrefix", "streambench-" + spec.runId());
    KafkaClientSettings.consumer(spec).forEach((k, v) -> reader.option("kafka." + k, v));
    spec.settingsWithPrefix("source.").forEach(reader::option);
    return reader
        .load()
        .select("value")
        .as(Encoders.BINARY())
        .map((MapFunction<byte[], String>) KafkaIo::stampIn, Encoders.STRING());
  }

  private static String stampIn(byte[] value) {
    return IdentityRecords.appendStamp(
        new String(value, StandardCharsets.US_ASCII), EpochMicros.now());
  }

  /**
   * Starts the query writing {@code results} (with {@code out} appended) to the output topic, in
   * {@code outputMode} ({@code append} for stateless and per-record stateful queries, {@code
   * update} for aggregations), with the run's trigger and a checkpoint under the run directory.
   */
  static StreamingQuery write(Dataset<String> results, JobSpec spec, String outputMode)
      throws TimeoutException {
    DataStreamWriter<String> writer =
        results
            .map((MapFunction<String, String>) KafkaIo::stampOut, Encoders.STRING())
            .writeStream()
            .format("kafka")
            .option("kafka.bootstrap.servers", spec.bootstrapServers())
            .option("topic", spec.outputTopic());
    KafkaClientSettings.producer(spec).forEach((k, v) -> writer.option("kafka." + k, v));
    spec.settingsWithPrefix("sink.").forEach(writer::option);
    return SparkEngine.configure(writer, spec, outputMode).start();
  }

  static String stampOut(String result) {
    return IdentityRecords.appendStamp(result, EpochMicros.now());
  }

  /**
   * A producer for sinks Spark does not write itself (ysb's foreach sink), configured like Spark's
   * Kafka sink: the {@code kafka.producer.*} settings over the bootstrap servers.
   */
  static KafkaProducer<byte[], byte[]> producer(
      String bootstrapServers, Map<String, String> props) {
    Properties p = new Properties();
    p.putAll(props);
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }
}
