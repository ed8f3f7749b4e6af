package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;

/**
 * identity: Kafka source → Kafka sink, nothing in between. The record is stamped with {@code
 * inMicros} as the source deserializes it and with {@code outMicros} as the sink serializes it, so
 * engine latency spans the whole job.
 */
final class IdentityJob {
  private IdentityJob() {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    env.fromSource(source(spec), WatermarkStrategy.noWatermarks(), "kafka-input")
        .sinkTo(sink(spec))
        .name("kafka-output");
  }

  static KafkaSource<String> source(JobSpec spec) {
    Properties props = new Properties();
    props.putAll(spec.settingsWithPrefix("kafka.consumer."));
    return KafkaSource.<String>builder()
        .setBootstrapServers(spec.bootstrapServers())
        .setTopics(spec.inputTopic())
        .setGroupId(spec.runId())
        .setStartingOffsets(OffsetsInitializer.earliest())
        .setDeserializer(KafkaRecordDeserializationSchema.valueOnly(new StampOnEntry()))
        .setProperties(props)
        .build();
  }

  static KafkaSink<String> sink(JobSpec spec) {
    Properties props = new Properties();
    props.putAll(spec.settingsWithPrefix("kafka.producer."));
    return KafkaSink.<String>builder()
        .setBootstrapServers(spec.bootstrapServers())
        .setKafkaProducerConfig(props)
        .setDeliveryGuarantee(
            DeliveryGuarantee.valueOf(spec.requiredSetting("sink.delivery-guarantee")))
        .setTransactionalIdPrefix(spec.runId())
        .setRecordSerializer(
            KafkaRecordSerializationSchema.builder()
                .setTopic(spec.outputTopic())
                .setValueSerializationSchema(new StampOnExit())
                .build())
        .build();
  }

  /** Decodes a record and appends the time it entered the job. */
  static final class StampOnEntry implements DeserializationSchema<String> {
    @Override
    public void open(InitializationContext context) {
      SourceReadiness.subtaskOpened();
    }

    @Override
    public String deserialize(byte[] message) {
      return IdentityRecords.appendStamp(
          new String(message, StandardCharsets.US_ASCII), EpochMicros.now());
    }

    @Override
    public boolean isEndOfStream(String nextElement) {
      return false;
    }

    @Override
    public TypeInformation<String> getProducedType() {
      return Types.STRING;
    }
  }

  /** Appends the time a record leaves the job and encodes it. */
  static final class StampOnExit implements SerializationSchema<String> {
    @Override
    public byte[] serialize(String element) {
      return IdentityRecords.appendStamp(element, EpochMicros.now())
          .getBytes(StandardCharsets.US_ASCII);
    }
  }
}
