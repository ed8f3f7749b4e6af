package org.streambench.harness.run;

import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.JobSpec;
import org.streambench.harness.Mode;
import org.streambench.harness.kafka.KafkaClients;
import org.streambench.harness.kafka.KafkaCluster;

/** What the harness tells the engine about a run: its {@link JobSpec}. */
final class JobSpecs {
  private JobSpecs() {}

  /**
   * @param settings the engine's resolved settings
   * @param fromSetUp the workload's parameters from its set-up (its Redis, ...)
   */
  static JobSpec of(
      RunRequest request,
      RunLayout layout,
      KafkaCluster kafka,
      Map<String, String> settings,
      Map<String, String> fromSetUp) {
    Map<String, String> params = new TreeMap<>(request.params());
    params.put("seed", Long.toString(request.seed()));
    params.putAll(fromSetUp);
    if (request.mode() == Mode.IN_JOB) {
      params.put("source", "in-job");
      params.put("in-job.records", Long.toString(request.records()));
    }
    return new JobSpec(
        layout.runId(),
        request.workload(),
        kafka.bootstrapServers(KafkaClients.ENGINE),
        layout.inputTopic(),
        layout.outputTopic(),
        request.guarantee(),
        request.parallelism(),
        layout.runDir(),
        settings,
        params,
        request.deployment(),
        JobSpec.SOLE);
  }
}
