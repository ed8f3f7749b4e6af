package org.streambench.harness.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.kafka.ConsumerLag;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.process.StateOnDisk;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.RunResultBuilder;

/** The probes of one run: what it measures beside its flow, each in one place. */
final class RunProbes {
  private RunProbes() {}

  static List<RunProbe> of(
      EngineDescriptor engine,
      RunRequest request,
      RunLayout layout,
      KafkaCluster kafka,
      boolean usesTopics,
      EngineProcesses processes,
      ProcessSampler sampler,
      Consumer<String> progress) {
    List<RunProbe> probes = new ArrayList<>();
    if (!engine.stateDirs().isEmpty()) {
      probes.add(stateOnDisk(new StateOnDisk(layout.runDir(), engine.stateDirs())));
    }
    if (usesTopics) {
      probes.add(consumerLag(kafka, layout, request.partitions()));
    }
    probes.add(
        (result, origin) -> {
          try {
            result.checkpoints(Checkpoint.read(layout.runDir(), origin));
          } catch (IOException e) {
            progress.accept("could not read the engine's checkpoints: " + e.getMessage());
          }
        });
    probes.add(
        (result, origin) ->
            result.workers(
                WorkerShares.read(
                    layout.runDir(),
                    processes.workers().stream().map(p -> p.name()).toList(),
                    sampler.markEpochMillis(RunContext.STEADY_START),
                    progress)));
    return probes;
  }

  /** Bytes under the engine's state directories, each second. */
  private static RunProbe stateOnDisk(StateOnDisk state) {
    return new RunProbe() {
      @Override
      public void start() {
        state.start();
      }

      @Override
      public void stop() {
        state.close();
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        result.stateOnDisk(state.perSecond());
      }
    };
  }

  /** The engine's committed lag on the input topics, read from the broker each second. */
  private static RunProbe consumerLag(KafkaCluster kafka, RunLayout layout, int partitions) {
    return new RunProbe() {
      private ConsumerLag lag;

      @Override
      public void start() {
        lag = ConsumerLag.start(kafka, layout.runId(), layout.inputTopics(), partitions);
      }

      @Override
      public void stop() {
        if (lag != null) {
          lag.close();
        }
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        if (lag != null && originMillis >= 0) {
          result.consumerLag(lag.perSecond(originMillis));
        }
      }
    };
  }
}
