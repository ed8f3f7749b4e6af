package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KafkaClientSettingsTest {
  @Test
  void retiredNamesNameTheirReplacement() {
    assertEquals(
        Optional.of("kafka.consumer.fetch.max.wait.ms"), replace("consumer.fetch.max.wait.ms"));
    assertEquals(Optional.of("kafka.producer.linger.ms"), replace("producer.linger.ms"));
    assertEquals(
        Optional.of("kafka.consumer.fetch.min.bytes"), replace("kafka.source.fetch.min.bytes"));
    assertEquals(Optional.of("kafka.producer.batch.size"), replace("kafka.sink.batch.size"));
    assertEquals(
        Optional.of("kafka.consumer.max.poll.records"),
        replace("streams.consumer.max.poll.records"));
    assertEquals(Optional.of("kafka.producer.acks"), replace("streams.producer.acks"));
  }

  @Test
  void currentAndOtherNamesAreKept() {
    assertEquals(Optional.empty(), replace("kafka.producer.linger.ms"));
    assertEquals(Optional.empty(), replace("kafka.consumer.fetch.max.wait.ms"));
    assertEquals(Optional.empty(), replace("streams.main.consumer.max.poll.records"));
    assertEquals(Optional.empty(), replace("source.maxOffsetsPerTrigger"));
    assertEquals(Optional.empty(), replace("sink.delivery-guarantee"));
    assertEquals(Optional.empty(), replace("flink.execution.buffer-timeout.interval"));
  }

  @Test
  void refusalIsOneLine() {
    assertEquals(
        "setting 'kafka.sink.linger.ms' is no longer read: Kafka client settings are"
            + " kafka.consumer.* and kafka.producer.* in every engine; use 'kafka.producer.linger.ms'",
        KafkaClientSettings.refusal("kafka.sink.linger.ms").orElseThrow());
  }

  @Test
  void clientPropertiesWithoutThePrefix() {
    JobSpec spec =
        new JobSpec(
            "run-1",
            "identity",
            "127.0.0.1:1",
            "in",
            "out",
            Guarantee.AT_LEAST_ONCE,
            1,
            Path.of("run"),
            Map.of("kafka.consumer.fetch.max.wait.ms", "100", "kafka.producer.linger.ms", "5"),
            Map.of());
    assertEquals(Map.of("fetch.max.wait.ms", "100"), KafkaClientSettings.consumer(spec));
    assertEquals(Map.of("linger.ms", "5"), KafkaClientSettings.producer(spec));
  }

  private static Optional<String> replace(String key) {
    return KafkaClientSettings.replacement(key);
  }
}
