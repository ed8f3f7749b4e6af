package org.streambench.harness.run;

import java.util.function.Consumer;
import org.streambench.harness.kafka.KafkaCluster;

/**
 * A run's topics: created before the engine starts, deleted when it has stopped. They are scratch
 * data: an external cluster keeps none of it, and a suite's shared embedded broker would fill its
 * disk with long drains' input and output (50 M records each).
 */
final class RunTopics {
  private final KafkaCluster kafka;
  private final RunLayout layout;
  private final Consumer<String> progress;
  private boolean created;

  RunTopics(KafkaCluster kafka, RunLayout layout, Consumer<String> progress) {
    this.kafka = kafka;
    this.layout = layout;
    this.progress = progress;
  }

  void create(int partitions) throws Exception {
    kafka.createTopics(layout.allTopics(), partitions);
    created = true;
  }

  /** Deletes what {@link #create} made; says so when it cannot. */
  void delete() {
    // a dead embedded node cannot delete, and the admin calls would wait for their timeouts
    if (!created || !kafka.nodes().values().stream().allMatch(n -> n.aliveOrFaulted())) {
      return;
    }
    try {
      // with Kafka Streams' repartition and changelog topics: its application.id is the run's id
      kafka.deleteTopics(layout.allTopics(), layout.runId() + "-");
    } catch (Exception e) {
      progress.accept("could not delete the run's topics: " + e.getMessage());
    }
  }
}
