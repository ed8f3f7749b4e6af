package org.streambench.harness.collector;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.streambench.api.Guarantee;

/**
 * The collector's consumers of its share of the output topic: one per thread, each assigned every
 * n-th partition of the share from its beginning (no group), read_committed for exactly-once runs.
 */
final class OutputConsumers {
  private OutputConsumers() {}

  /** At most {@code threads} consumers, none without a partition. */
  static List<KafkaConsumer<byte[], byte[]>> open(
      String bootstrapServers,
      String topic,
      Guarantee guarantee,
      int threads,
      CollectorShare share) {
    List<KafkaConsumer<byte[], byte[]>> consumers = new ArrayList<>();
    try {
      consumers.add(new KafkaConsumer<>(props(bootstrapServers, guarantee, 0)));
      List<TopicPartition> partitions =
          consumers.get(0).partitionsFor(topic, Duration.ofSeconds(30)).stream()
              .filter(p -> share.reads(p.partition()))
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .sorted(java.util.Comparator.comparingInt(TopicPartition::partition))
              .toList();
      if (partitions.isEmpty()) {
        throw new IllegalStateException("no partition of " + topic + " falls to share " + share);
      }
      int used = Math.min(threads, partitions.size());
      for (int t = 1; t < used; t++) {
        consumers.add(new KafkaConsumer<>(props(bootstrapServers, guarantee, t)));
      }
      for (int t = 0; t < used; t++) {
        List<TopicPartition> own = new ArrayList<>();
        for (int i = t; i < partitions.size(); i += used) {
          own.add(partitions.get(i));
        }
        consumers.get(t).assign(own);
        consumers.get(t).seekToBeginning(own);
      }
      return consumers;
    } catch (RuntimeException e) {
      consumers.forEach(OutputConsumers::closeQuietly);
      throw e;
    }
  }

  static void closeQuietly(KafkaConsumer<byte[], byte[]> consumer) {
    try {
      consumer.close();
    } catch (RuntimeException e) {
      // a helper that did not end in time still holds it; the run goes on without it
    }
  }

  private static Properties props(String bootstrapServers, Guarantee guarantee, int thread) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(
        ConsumerConfig.CLIENT_ID_CONFIG,
        thread == 0 ? "streambench-collector" : "streambench-collector-" + thread);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.putAll(Collector.CONSUMER_SETTINGS);
    p.put(
        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
        guarantee == Guarantee.EXACTLY_ONCE ? "read_committed" : "read_uncommitted");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return p;
  }
}
