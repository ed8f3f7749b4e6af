package org.streambench.harness.run;

import org.streambench.harness.agent.AgentGeneration;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.generator.InputGenerator;
import org.streambench.harness.kafka.KafkaClients;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.workload.WorkloadRun;

/** A run's generator: this JVM's, or the agents' it names ({@code --agents}). */
final class InputGenerators {
  private InputGenerators() {}

  static InputGenerator of(
      RunRequest request, KafkaCluster kafka, RunLayout layout, WorkloadRun workload) {
    if (request.agents().none()) {
      return new Generator(
          kafka.bootstrapServers(KafkaClients.GENERATOR),
          layout.inputTopics(),
          workload,
          request.driver().generatorFor(request.partitions(), workload.encodesConcurrently()));
    }
    return new AgentGeneration(
        request.agents().clients(),
        request.loopsPerAgent(),
        new AgentGeneration.Job(
            kafka.bootstrapServers(),
            layout.inputTopics(),
            request.workload(),
            request.params(),
            request.seed(),
            request.guarantee().id(),
            request.pacedRate()));
  }
}
