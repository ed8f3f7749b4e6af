package org.streambench.engine.kafkastreams;

import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What Kafka Streams 4.4 says differently from earlier lines (the {@code kafka-streams@3.9} engine
 * compiles its own copy of this class, in {@code engines/kafka-streams-3.9/}, and 4.0 to 4.3 the
 * one in {@code src/streams40/java}, against the same sources).
 */
final class StreamsLine {
  private StreamsLine() {}

  /** A partitioner by key alone, whichever of its methods Kafka Streams calls. */
  abstract static class KeyPartitioner<V> implements StreamPartitioner<String, V> {
    /** The partitions {@code key}'s record goes to, or empty: by key, as the producer would. */
    abstract Optional<Set<Integer>> partitionsOf(String key, int partitions);

    @Override
    public final Optional<Set<Integer>> partitions(
        String topic, String key, V value, Headers headers, int partitions) {
      return partitionsOf(key, partitions);
    }

    /** Still abstract, deprecated for the one above (KIP-1321), which Kafka Streams calls. */
    @Override
    @SuppressWarnings("removal")
    public final Optional<Set<Integer>> partitions(
        String topic, String key, V value, int partitions) {
      return partitionsOf(key, partitions);
    }
  }
}
