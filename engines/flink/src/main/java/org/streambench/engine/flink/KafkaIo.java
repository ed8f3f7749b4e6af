package org.streambench.engine.flink;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;
import org.streambench.api.SourceReadiness;

/**
 * The Kafka ends every job shares. A source decodes each record with the job's {@link Parser},
 * handing it the entry stamp {@code in} taken as the record is deserialized; a sink takes result
 * strings and appends the exit stamp {@code out} as it serializes them, so engine latency spans the
 * whole job.
 */
final class KafkaIo {
  /**
   * After this long without records a partition stops holding event time back (a source subtask
   * without partitions, or a stalled partition, must not stop every window from closing).
   */
  static final Duration IDLE_PARTITION = Duration.ofSeconds(10);

  /** Decodes a record's value, given the time it entered the job. */
  @FunctionalInterface
  interface Parser<T> extends Serializable {
    T parse(byte[] value, long inMicros) throws IOException;
  }

  private KafkaIo() {}

  /** The input topic without event time, at the job's parallelism. */
  static <T> DataStream<T> read(
      StreamExecutionEnvironment env, JobSpec spec, TypeInformation<T> type, Parser<T> parser) {
    return read(env, spec, type, parser, WatermarkStrategy.noWatermarks());
  }

  /** The input topic with per-partition timestamps and watermarks, at the job's parallelism. */
  static <T> DataStream<T> read(
      StreamExecutionEnvironment env,
      JobSpec spec,
      TypeInformation<T> type,
      Parser<T> parser,
      WatermarkStrategy<T> watermarks) {
    return read(env, spec, spec.inputTopic(), type, parser, watermarks, 0, "kafka");
  }

  /**
   * Event time as ysb and uricount read it: the record's own time ({@code eventMillis}), a
   * watermark {@code outOfOrderness} behind the newest, and a partition without records idle after
   * {@link #IDLE_PARTITION}.
   */
  static <T> WatermarkStrategy<T> eventTime(
      Duration outOfOrderness, SerializableTimestampAssigner<T> eventMillis) {
    return WatermarkStrategy.<T>forBoundedOutOfOrderness(outOfOrderness)
        .withTimestampAssigner(eventMillis)
        .withIdleness(IDLE_PARTITION);
  }

  /**
   * A topic read by {@code parallelism} subtasks (0: the job's parallelism), with per-partition
   * timestamps and watermarks from {@code watermarks}. Readiness waits for all of them.
   */
  static <T> DataStream<T> read(
      StreamExecutionEnvironment env,
      JobSpec spec,
      String topic,
      TypeInformation<T> type,
      Parser<T> parser,
      WatermarkStrategy<T> watermarks,
      int parallelism,
      String name) {
    Properties props = new Properties();
    props.putAll(KafkaClientSettings.consumer(spec));
    KafkaSource<T> source =
        KafkaSource.<T>builder()
            .setBootstrapServers(spec.bootstrapServers())
            .setTopics(topic)
            .setGroupId(spec.runId())
            .setStartingOffsets(OffsetsInitializer.earliest())
            .setDeserializer(
                KafkaRecordDeserializationSchema.valueOnly(new StampOnEntry<>(type, parser)))
            .setProperties(props)
            .build();
    DataStreamSource<T> stream = env.fromSource(source, watermarks, name);
    if (parallelism > 0) {
      stream.setParallelism(parallelism);
    }
    SourceReadiness.expect(parallelism > 0 ? parallelism : env.getParallelism());
    return stream;
  }

  /** Writes results to the output topic at the job's parallelism. */
  static void write(DataStream<String> results, JobSpec spec) {
    write(results, spec, 0);
  }

  /** Writes results to the output topic with {@code parallelism} subtasks (0: the job's). */
  static void write(DataStream<String> results, JobSpec spec, int parallelism) {
    Properties props = new Properties();
    props.putAll(KafkaClientSettings.producer(spec));
    KafkaSink<String> sink =
        KafkaSink.<String>builder()
            .setBootstrapServers(spec.bootstrapServers())
            .setKafkaProducerConfig(props)
            .setDeliveryGuarantee(
                DeliveryGuarantee.valueOf(spec.requiredSetting("sink.delivery-guarantee")))
            .setTransactionalIdPrefix(spec.runId())
            .setRecordSerializer(new StampOnExit(spec.outputTopic()))
            .build();
    DataStreamSink<String> out = results.sinkTo(sink).name("kafka");
    if (parallelism > 0) {
      out.setParallelism(parallelism);
    }
  }

  /** Decodes a record with the time it entered the job; counts opened subtasks for readiness. */
  static final class StampOnEntry<T> implements DeserializationSchema<T> {
    private final TypeInformation<T> type;
    private final Parser<T> parser;

    StampOnEntry(TypeInformation<T> type, Parser<T> parser) {
      this.type = type;
      this.parser = parser;
    }

    @Override
    public void open(InitializationContext context) {
      SourceReadiness.started();
    }

    @Override
    public T deserialize(byte[] message) throws IOException {
      return parser.parse(message, EpochMicros.now());
    }

    @Override
    public boolean isEndOfStream(T nextElement) {
      return false;
    }

    @Override
    public TypeInformation<T> getProducedType() {
      return type;
    }
  }

  /**
   * Appends the time a result leaves the job and encodes it. The Kafka record gets no timestamp of
   * its own (the producer's clock): a window result's Flink timestamp is its window's end, which
   * for count windows is Long.MAX_VALUE and which the broker would reject.
   */
  static final class StampOnExit implements KafkaRecordSerializationSchema<String> {
    private final String topic;

    StampOnExit(String topic) {
      this.topic = topic;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
        String result, KafkaSinkContext context, Long timestamp) {
      byte[] value =
          IdentityRecords.appendStamp(result, EpochMicros.now())
              .getBytes(StandardCharsets.US_ASCII);
      return new ProducerRecord<>(topic, null, null, null, value);
    }
  }
}
