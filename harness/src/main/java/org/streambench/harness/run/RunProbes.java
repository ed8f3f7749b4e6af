package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.ConsumerLag;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.CpuCanary;
import org.streambench.harness.process.MachineCpu;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.process.StateOnDisk;
import org.streambench.harness.profile.CpuProfiler;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.HdfsUsage;
import org.streambench.harness.results.MachineUsage;
import org.streambench.harness.results.ProcessProfile;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResultBuilder;

/** The probes of one run: what it measures beside its flow, each in one place. */
final class RunProbes {
  private static final Duration PROFILES_TIMEOUT = Duration.ofSeconds(30);

  private RunProbes() {}

  static List<RunProbe> of(
      EngineDescriptor engine,
      RunRequest request,
      RunLayout layout,
      KafkaCluster kafka,
      boolean usesTopics,
      EngineProcesses processes,
      ProcessSampler sampler,
      CpuProfiler profiler,
      LongSupplier seriesOriginMillis,
      Hadoop hadoop,
      Consumer<String> progress) {
    List<RunProbe> probes = new ArrayList<>();
    if (request.checkpointStorage() == CheckpointStorage.HDFS) {
      probes.add(hdfsUsage(hadoop, layout.runId()));
    }
    probes.add(processUsage(sampler, layout, kafka, seriesOriginMillis));
    probes.add(machineUsage());
    if (profiler != null) {
      probes.add(cpuProfiles(profiler, sampler, kafka));
    }
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
    probes.add((result, origin) -> result.engineStartSeconds(processes.startSeconds()));
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

  /**
   * CPU (in all and in the steady window), peak memory and garbage collection in the steady window
   * of every sampled role; taken while the engine still runs, so that its stop is not in it.
   */
  private static RunProbe processUsage(
      ProcessSampler sampler, RunLayout layout, KafkaCluster kafka, LongSupplier origin) {
    return new RunProbe() {
      private List<ProcessUsage> usage = List.of();

      @Override
      public void stop() {
        Set<Path> gcDirs = UsageReport.gcDirs(layout.runDir(), kafka);
        usage =
            UsageReport.of(
                sampler,
                gcDirs,
                RunContext.STEADY_START,
                RunContext.STEADY_END,
                origin.getAsLong());
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        result.processes(usage, sampler.coresPerSecond());
      }
    };
  }

  /**
   * The whole machine's CPU over the steady window: busy, waiting on disk, stolen; and how fast its
   * CPUs ran then, by the canary's time.
   */
  private static RunProbe machineUsage() {
    return new RunProbe() {
      private CpuCanary canary;
      private MachineCpu.Reading from;
      private long fromMillis;
      private MachineCpu.Reading to;
      private long toMillis;
      private MachineUsage usage;

      @Override
      public void start() {
        canary = CpuCanary.start();
      }

      @Override
      public void steadyStarted() {
        from = MachineCpu.read();
        fromMillis = System.currentTimeMillis();
      }

      @Override
      public void steadyEnded() {
        to = MachineCpu.read();
        toMillis = System.currentTimeMillis();
      }

      @Override
      public void stop() {
        if (canary != null) {
          canary.close();
        }
        CpuCanary.Medians canaryTimes =
            canary == null
                ? CpuCanary.Medians.UNKNOWN
                : CpuCanary.medians(canary.samples(), fromMillis, toMillis);
        usage = from == null || to == null ? null : MachineCpu.between(from, to, canaryTimes);
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        result.machine(usage);
      }
    };
  }

  /**
   * CPU profiles ({@code --cpu-profile}) of the engine's processes, the harness and every Kafka
   * node over the steady state: one per process profiled, none if the steady state never started.
   */
  private static RunProbe cpuProfiles(
      CpuProfiler profiler, ProcessSampler sampler, KafkaCluster kafka) {
    return new RunProbe() {
      private List<ProcessProfile> profiles = List.of();

      @Override
      public void steadyStarted() {
        Map<String, Long> profiled = new LinkedHashMap<>(sampler.processesOf("engine"));
        profiled.put("harness", ProcessHandle.current().pid());
        kafka.nodes().forEach((node, slot) -> profiled.put("broker/" + node, slot.process().pid()));
        profiler.start(profiled);
      }

      @Override
      public void steadyEnded() {
        profiler.stop();
      }

      @Override
      public void stop() {
        profiler.stop();
        profiles = profiler.profiles(PROFILES_TIMEOUT, !RunGuard.aborting());
        profiler.close();
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        result.profiles(profiles);
      }
    };
  }

  /**
   * What the run's checkpoints wrote to HDFS (the DataNode's counters from the run's start to its
   * end) and left there (the checkpoint directory's content summary at the end).
   */
  private static RunProbe hdfsUsage(Hadoop hadoop, String runId) {
    return new RunProbe() {
      private long[] before;
      private long[] after;
      private long[] left;

      @Override
      public void start() {
        before = quietly(hadoop::dataNodeWrites);
      }

      @Override
      public void stop() {
        after = quietly(hadoop::dataNodeWrites);
        left = quietly(() -> hadoop.contentSummary(CheckpointUri.path(runId)));
      }

      @Override
      public void addTo(RunResultBuilder result, long originMillis) {
        boolean written = before != null && after != null;
        result.hdfs(
            new HdfsUsage(
                CheckpointUri.of(hadoop, runId),
                left == null ? -1 : left[0],
                left == null ? -1 : left[1],
                written ? after[0] - before[0] : -1,
                written ? after[1] - before[1] : -1));
      }
    };
  }

  /** What {@code read} returns, null if it was interrupted (the run is stopping). */
  private static long[] quietly(HadoopRead read) {
    try {
      return read.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private interface HadoopRead {
    long[] get() throws InterruptedException;
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
