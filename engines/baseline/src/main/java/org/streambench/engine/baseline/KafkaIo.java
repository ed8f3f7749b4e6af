package org.streambench.engine.baseline;

import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;

/**
 * The Kafka clients of transform loop {@code index}: the {@code kafka.consumer.*} / {@code
 * kafka.producer.*} settings, then what the loop needs (the run's consumer group, manual commits
 * from the earliest offset, bytes in and out, a transactional id under exactly-once, a static
 * member id for a cluster instance with {@code static.membership}).
 */
final class KafkaIo {
  private KafkaIo() {}

  static Properties consumer(JobSpec spec, int index) {
    Properties p = new Properties();
    p.putAll(KafkaClientSettings.consumer(spec));
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, spec.runId());
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "baseline-consumer-" + index);
    if (spec.instance() != JobSpec.SOLE
        && Boolean.parseBoolean(spec.setting("static.membership", "false"))) {
      // static membership: an instance started again rejoins under its loops' old ids and gets
      // their partitions back without a rebalance; zero-padded, so that the range assignor, which
      // orders static members by id, gives the partitions to the busy loops before the spares
      p.put(
          ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
          String.format("%s-loop-%04d", spec.runId(), index));
    }
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return p;
  }

  static Properties producer(JobSpec spec, CommitMode mode, int index) {
    Properties p = new Properties();
    p.putAll(KafkaClientSettings.producer(spec));
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
    p.put(ProducerConfig.CLIENT_ID_CONFIG, "baseline-producer-" + index);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    if (mode == CommitMode.TRANSACTIONAL) {
      p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, spec.runId() + "-baseline-" + index);
    }
    return p;
  }
}
