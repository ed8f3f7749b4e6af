package org.streambench.engine.kafkastreams;

import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What Kafka Streams 3.9 says differently from 4.x: the Kafka Streams module's sources compile
 * against this class here and against their own {@code src/streams4/java/.../StreamsLine.java}
 * there.
 */
final class StreamsLine {
  private StreamsLine() {}

  /** A partitioner by key alone, whichever of its methods Kafka Streams calls. */
  abstract static class KeyPartitioner<V> implements StreamPartitioner<String, V> {
    /** The partitions {@code key}'s record goes to, or empty: by key, as the producer would. */
    abstract Optional<Set<Integer>> partitionsOf(String key, int partitions);

    /** KIP-837's multicast, which Kafka Streams calls since 3.4. */
    @Override
    public final Optional<Set<Integer>> partitions(
        String topic, String key, V value, int partitions) {
      return partitionsOf(key, partitions);
    }

    /** 3.9's abstract method, deprecated for the one above; null: by key, as the producer. */
    @Override
    @Deprecated
    public final Integer partition(String topic, String key, V value, int partitions) {
      return null;
    }
  }
}
