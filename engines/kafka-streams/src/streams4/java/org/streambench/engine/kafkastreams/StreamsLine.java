package org.streambench.engine.kafkastreams;

import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What Kafka Streams 4.x says differently from 3.9 (the {@code kafka-streams@3.9} engine compiles
 * its own copy of this class, in {@code engines/kafka-streams-3.9/}, against the same sources).
 */
final class StreamsLine {
  private StreamsLine() {}

  /**
   * Partitions as the producer would, by key, but sends the records whose key {@code toEvery}
   * accepts to every partition (KIP-837's multicast).
   */
  static <V> StreamPartitioner<String, V> multicast(Predicate<String> toEvery) {
    return new StreamPartitioner<>() {
      @Override
      public Optional<Set<Integer>> partitions(
          String topic, String key, V value, Headers headers, int partitions) {
        return toEvery.test(key)
            ? Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()))
            : Optional.empty();
      }

      /** Still abstract, deprecated for the one above (KIP-1321), which Kafka Streams calls. */
      @Override
      @SuppressWarnings("removal")
      public Optional<Set<Integer>> partitions(String topic, String key, V value, int partitions) {
        return partitions(topic, key, value, null, partitions);
      }
    };
  }
}
