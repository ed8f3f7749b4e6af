package org.streambench.engine.kafkastreams;

import org.apache.kafka.streams.StreamsBuilder;
import org.streambench.api.JobSpec;

/**
 * identity: source → sink, stamped with {@code in} by the first processor, {@code out} on write.
 */
final class IdentityTopology {
  private IdentityTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(KafkaIo.readStamped(builder, spec), spec);
  }
}
