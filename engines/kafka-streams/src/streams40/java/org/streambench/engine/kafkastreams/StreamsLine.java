package org.streambench.engine.kafkastreams;

import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What Kafka Streams 4.0 to 4.3 say differently from 4.4: the Kafka Streams module's sources
 * compile against this class in the versions built on first use from 4.0 to 4.3 (the module's
 * profiles {@code kafka-streams-4.0} to {@code -4.3}), against {@code src/streams4/java}'s on the
 * default version.
 */
final class StreamsLine {
  private StreamsLine() {}

  /** A partitioner by key alone, whichever of its methods Kafka Streams calls. */
  abstract static class KeyPartitioner<V> implements StreamPartitioner<String, V> {
    /** The partitions {@code key}'s record goes to, or empty: by key, as the producer would. */
    abstract Optional<Set<Integer>> partitionsOf(String key, int partitions);

    /** The one method of these lines (KIP-837's multicast); 4.4 adds the record's headers. */
    @Override
    public final Optional<Set<Integer>> partitions(
        String topic, String key, V value, int partitions) {
      return partitionsOf(key, partitions);
    }
  }
}
