package org.streambench.engine.kafkastreams;

import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What Kafka Streams 3.9 says differently from 4.x: the Kafka Streams module's sources compile
 * against this class here and against their own {@code src/streams4/java/.../StreamsLine.java}
 * there.
 */
final class StreamsLine {
  private StreamsLine() {}

  /**
   * Partitions as the producer would, by key, but sends the records whose key {@code toEvery}
   * accepts to every partition (KIP-837's multicast, which Kafka Streams calls since 3.4).
   */
  static <V> StreamPartitioner<String, V> multicast(Predicate<String> toEvery) {
    return new StreamPartitioner<>() {
      @Override
      public Optional<Set<Integer>> partitions(
          String topic, String key, V value, int partitions) {
        return toEvery.test(key)
            ? Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()))
            : Optional.empty();
      }

      /** 3.9's abstract method, deprecated for the one above; null: by key, as the producer. */
      @Override
      @Deprecated
      public Integer partition(String topic, String key, V value, int partitions) {
        return null;
      }
    };
  }
}
