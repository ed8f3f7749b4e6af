package org.streambench.harness.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.KeyValues;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineSettings;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.run.CheckpointStorage;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options of one measured run, shared by {@code run} and {@code quickstart}. */
final class RunOptions {
  @Option(
      names = "--workload",
      defaultValue = "identity",
      description =
          "Workload: identity, sleep, grep, grouping, statemachine, wordcount, ysb, join,"
              + " uricount; formats and parameters in docs/workloads.md (default:"
              + " ${DEFAULT-VALUE}).")
  String workload;

  @Option(
      names = "--mode",
      defaultValue = "fixed-rate",
      description =
          "fixed-rate: send --rate records/s for --warmup + --duration and measure latency;"
              + " drain: pre-fill --records records, then measure how fast the engine drains"
              + " them from the earliest offset; in-job (grep, grouping): the engine generates"
              + " --records records inside its job, no Kafka, a framework-limit run"
              + " (default: ${DEFAULT-VALUE}).")
  Mode mode;

  @Option(
      names = "--rate",
      defaultValue = "10000",
      description = "Records/s the generator sends, open loop (default: ${DEFAULT-VALUE}).")
  long rate;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      description = "Steady-state length, e.g. 30s, 2m (default: ${DEFAULT-VALUE}).")
  Duration duration;

  @Option(
      names = "--warmup",
      defaultValue = "10s",
      description = "Time excluded from the steady state (default: ${DEFAULT-VALUE}).")
  Duration warmup;

  @Option(
      names = "--records",
      defaultValue = "1000000",
      description =
          "Records pre-filled in drain mode, or generated in-job (default: ${DEFAULT-VALUE}).")
  long records;

  @Option(
      names = "--parallelism",
      defaultValue = "1",
      description = "Engine parallelism (default: ${DEFAULT-VALUE}).")
  int parallelism;

  @Option(
      names = "--deployment",
      paramLabel = "local|cluster|yarn",
      defaultValue = "local",
      description =
          "local: the engine in one process; cluster: the engine's own cluster of processes on"
              + " this machine, --workers worker processes (docs/engines.md says which engines have"
              + " one and how it is laid out); yarn: the engine's master and --workers workers as"
              + " containers on YARN (the Hadoop streambench starts, or --hadoop-conf's; Flink, Spark;"
              + " default: ${DEFAULT-VALUE}).")
  String deployment;

  @Option(
      names = "--workers",
      description =
          "Worker processes of a cluster deployment (default: 2). The parallelism stays as"
              + " given: workers without a task are spares (docs/engines.md).")
  Integer workers;

  @Option(
      names = "--slots-per-worker",
      description =
          "Task slots (stream threads, executor cores) of each worker of a cluster deployment"
              + " (default: the parallelism divided by the workers, rounded up).")
  Integer slotsPerWorker;

  @Option(
      names = "--checkpoint-storage",
      paramLabel = "local|hdfs",
      defaultValue = "local",
      description =
          "Where the engine keeps its checkpoints: local, in the run directory; hdfs, on the"
              + " Hadoop streambench starts on 127.0.0.1 (NameNode, DataNode, ResourceManager and"
              + " NodeManager, each its own process) or on yours (--hadoop-conf). Flink and Spark"
              + " checkpoint there; Kafka Streams, Storm and the baseline keep no checkpoints of"
              + " their own and refuse it (default: ${DEFAULT-VALUE}).")
  String checkpointStorage;

  @Option(
      names = "--flink-rest",
      paramLabel = "URL",
      description =
          "Run on your own Flink session cluster: submit the job to its REST endpoint, e.g."
              + " http://jobmanager:8081, instead of starting Flink here. Needs --kafka (and"
              + " --redis for ysb) that the cluster reaches; its checkpoints go to the run"
              + " directory unless you --set flink.execution.checkpointing.dir.")
  String flinkRest;

  @Option(
      names = "--spark-master",
      paramLabel = "URL",
      description =
          "Run on your own Spark standalone cluster: the driver runs here in client mode against"
              + " this master, e.g. spark://master:7077, and ships the engine jar to the"
              + " executors. Needs --kafka that the cluster reaches; on a cluster elsewhere also"
              + " --set spark.driver.host=<this machine's address> (the default is 127.0.0.1).")
  String sparkMaster;

  @Option(
      names = "--storm-nimbus",
      paramLabel = "HOST[:PORT]",
      description =
          "Run on your own Storm cluster: submit the topology to this Nimbus (port 6627 unless"
              + " given) with the topology jar built beside the engine's, which holds everything"
              + " but Storm; its workers come from --set job.workers (default 1). Needs"
              + " --kafka (and --redis for ysb) that the cluster reaches.")
  String stormNimbus;

  @Option(
      names = "--partitions",
      description = "Partitions of the input and output topics (default: the parallelism).")
  Integer partitions;

  @Option(
      names = "--guarantee",
      defaultValue = "at-least-once",
      description =
          "at-most-once, at-least-once or exactly-once; selects"
              + " engines/<engine>/conf/<guarantee>.yaml (default: ${DEFAULT-VALUE}).")
  Guarantee guarantee;

  @Option(
      names = "--profile",
      paramLabel = "NAME",
      description =
          "A named engine config, engines/<engine>/conf/profiles/NAME.yaml (e.g. latency-tuned,"
              + " rocksdb), applied after the guarantee's file; repeatable.")
  List<String> profiles = new ArrayList<>();

  @Option(
      names = "--engine-config",
      paramLabel = "FILE",
      description = "Extra engine settings (YAML), applied over the engine's named config files.")
  List<Path> engineConfigs = new ArrayList<>();

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description =
          "One engine setting, applied last, e.g. --set flink.execution.buffer-timeout.interval=5ms")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description =
          "A workload parameter, e.g. --param record.size=150 for identity or --param"
              + " parser=scala for uricount (all in docs/workloads.md).")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--workload-config",
      paramLabel = "FILE",
      description =
          "Workload parameters as a YAML map (e.g. window.ms: 10000); --param values override it.")
  Path workloadConfig;

  @Option(
      names = "--max-generator-lag",
      defaultValue = "100ms",
      description =
          "A fixed-rate run whose generator falls further behind its schedule is invalid"
              + " (default: ${DEFAULT-VALUE}).")
  Duration maxGeneratorLag;

  @Option(
      names = "--idle-timeout",
      defaultValue = "30s",
      description =
          "Stop waiting for missing output after this long without any while the engine is idle too (default: ${DEFAULT-VALUE}).")
  Duration idleTimeout;

  @Mixin FaultOptions faults;

  @Option(
      names = "--generator-threads",
      paramLabel = "N|auto",
      defaultValue = "1",
      description =
          "Generator threads, each with its own producer, owning a share of the partitions and of"
              + " the one open-loop schedule (identity, sleep and grep; other workloads use one);"
              + " auto = what this machine spares beyond the broker and the engine, at most the"
              + " partitions (default: ${DEFAULT-VALUE}).")
  String generatorThreads;

  @Mixin AgentOptions agents;

  @Option(
      names = "--collector-threads",
      paramLabel = "N|auto",
      defaultValue = "1",
      description =
          "Collector threads, each with its own consumer of a share of the output partitions;"
              + " auto as for --generator-threads (default: ${DEFAULT-VALUE}).")
  String collectorThreads;

  @Option(
      names = "--cpu-profile",
      description =
          "Profile the engine's processes and the harness with async-profiler over the steady"
              + " state: a JFR recording and a flame graph per process in the run directory, and"
              + " in the result the CPU by owner (engine, Kafka client, parsing, workload, GC,"
              + " JIT), the top frames and allocation sites. Costs some CPU: see"
              + " docs/profiling.md.")
  boolean cpuProfile;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Random seed of the workload generator (default: ${DEFAULT-VALUE}).")
  long seed;

  private Map<String, String> workloadParams() {
    Map<String, String> all = new TreeMap<>();
    if (workloadConfig != null) {
      all.putAll(EngineSettings.readYaml(workloadConfig, false));
    }
    all.putAll(KeyValues.parse("--param", params));
    return all;
  }

  RunRequest toRequest(String engine, CpuPlacement cpus) {
    return new RunRequest(
        engine,
        workload,
        mode,
        rate,
        warmup,
        duration,
        records,
        parallelism,
        partitions == null ? parallelism : partitions,
        guarantee,
        profiles,
        engineConfigs,
        sets,
        maxGeneratorLag,
        idleTimeout,
        seed,
        workloadParams(),
        new DriverThreads(
            DriverThreads.parse("--generator-threads", generatorThreads),
            DriverThreads.parse("--collector-threads", collectorThreads)),
        deployment(engine),
        CheckpointStorage.parse(checkpointStorage),
        faults.schedule(),
        cpuProfile,
        cpus,
        agents.agents());
  }

  private Deployment deployment(String engine) {
    Deployment external =
        ExternalClusters.deployment(engine, flinkRest, sparkMaster, stormNimbus, parallelism);
    if (external != null) {
      if (!deployment.equals("local") || workers != null || slotsPerWorker != null) {
        throw new UsageException(
            "a run on your own cluster cannot go with --deployment, --workers and"
                + " --slots-per-worker, which are for one streambench starts");
      }
      return external;
    }
    if (!List.of("local", "cluster", "yarn").contains(deployment)) {
      throw new UsageException(
          "--deployment must be local, cluster or yarn, was '"
              + deployment
              + "' (your own cluster: --flink-rest, --spark-master or --storm-nimbus)");
    }
    if (deployment.equals("local")) {
      if (workers != null || slotsPerWorker != null) {
        throw new UsageException(
            "--workers and --slots-per-worker need --deployment cluster or yarn");
      }
      // a local deployment's slots are the parallelism: refuse a bad one in RunRequest's words
      return Deployment.local(Math.max(1, parallelism));
    }
    int n = workers == null ? 2 : workers;
    if (n < 1 || (slotsPerWorker != null && slotsPerWorker < 1)) {
      throw new UsageException("--workers and --slots-per-worker must be at least 1");
    }
    int slots = slotsPerWorker == null ? Math.max(1, (parallelism + n - 1) / n) : slotsPerWorker;
    return new Deployment(
        deployment.equals("yarn") ? Deployment.Kind.YARN : Deployment.Kind.CLUSTER, n, slots);
  }
}
