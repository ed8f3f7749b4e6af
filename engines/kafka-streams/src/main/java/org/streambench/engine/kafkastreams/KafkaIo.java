package org.streambench.engine.kafkastreams;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.TimestampExtractor;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;

/**
 * The Kafka ends every topology shares: input values as strings with the entry stamp appended as
 * the first processor sees them, and results written with the exit stamp appended as they are
 * serialized, so engine latency spans the whole topology.
 */
final class KafkaIo {
  private KafkaIo() {}

  /** Topics read by one source, values as they are; the first processor takes the entry stamp. */
  static KStream<String, String> read(StreamsBuilder builder, List<String> topics) {
    return builder.stream(topics, Consumed.with(Serdes.String(), Serdes.String()));
  }

  /** The spec's input topic, each value as {@code value,in}. */
  static KStream<String, String> readStamped(StreamsBuilder builder, JobSpec spec) {
    return readStamped(builder, List.of(spec.inputTopic()));
  }

  /** Topics read by one source, each value as {@code value,in}. */
  static KStream<String, String> readStamped(StreamsBuilder builder, List<String> topics) {
    return stamped(read(builder, topics));
  }

  /**
   * The spec's input topic, each value as {@code value,in}, each record at the time {@code
   * eventTime} takes from it (its event time, not the time the harness produced it).
   */
  static KStream<String, String> readStamped(
      StreamsBuilder builder, JobSpec spec, TimestampExtractor eventTime) {
    return stamped(
        builder.stream(
            spec.inputTopic(),
            Consumed.with(Serdes.String(), Serdes.String()).withTimestampExtractor(eventTime)));
  }

  private static KStream<String, String> stamped(KStream<String, String> values) {
    return values.mapValues(value -> IdentityRecords.appendStamp(value, EpochMicros.now()));
  }

  /** Writes results to the output topic without keys, appending {@code ,out}. */
  static void write(KStream<String, String> results, JobSpec spec) {
    Serializer<String> noKey = (topic, key) -> null;
    results.to(
        spec.outputTopic(),
        Produced.with(
            Serdes.serdeFrom(noKey, new StringDeserializer()),
            Serdes.serdeFrom(new StampOnExit(), new StringDeserializer())));
  }

  /** Appends the time a result leaves the job; the output key is dropped. */
  static final class StampOnExit implements Serializer<String> {
    @Override
    public byte[] serialize(String topic, String result) {
      return IdentityRecords.appendStamp(result, EpochMicros.now())
          .getBytes(StandardCharsets.US_ASCII);
    }
  }
}
