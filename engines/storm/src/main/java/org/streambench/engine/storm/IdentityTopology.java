package org.streambench.engine.storm;

import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;

/**
 * identity: KafkaSpout → KafkaBolt, nothing in between. The spout's record translator appends the
 * entry stamp {@code in}; the sink appends {@code out} as it builds the Kafka record. The sink
 * subscribes with {@code localOrShuffleGrouping}, so a tuple stays in its worker.
 */
final class IdentityTopology {
  private IdentityTopology() {}

  static StormTopology build(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    addStampedSpout(builder, spec);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping(KafkaIo.SPOUT);
    return builder.createTopology();
  }

  /** The spout of identity and sleep: tuples {@code (result)} = the record with {@code ,in}. */
  static void addStampedSpout(TopologyBuilder builder, JobSpec spec) {
    KafkaIo.addSpout(
        builder,
        spec,
        List.of(spec.inputTopic()),
        new Fields(KafkaIo.RESULT),
        Map.of(),
        (value, in) -> List.of(IdentityRecords.appendStamp(value, in)));
  }
}
