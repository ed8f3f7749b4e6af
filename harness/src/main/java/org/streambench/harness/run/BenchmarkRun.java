package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.streambench.api.Deployment;
import org.streambench.harness.Home;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.engine.EngineSettings;
import org.streambench.harness.engine.FirstUseBuild;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResultBuilder;

/**
 * One measured run, from topics to stored result. {@link #prepare} checks everything the user asked
 * for (usage errors, nothing created); {@link #execute} runs it and always stores a result: {@code
 * completed} with a verdict, or {@code failed}/{@code aborted} with the reason and the log tail,
 * after stopping every process it started.
 *
 * <p>The parts: {@link RunLayout} (id, directory, topics), {@link EngineProcesses}, one {@link
 * ModeFlow} per mode returning the {@link Measurements}, {@link RunVerdict} (the verifier and
 * {@link RunJudge}), and {@link RunResultBuilder} for the stored result.
 */
public final class BenchmarkRun {
  private final Home home;
  private final RunRequest request;
  private final EngineDescriptor engine;
  private final Map<String, String> settings;

  private BenchmarkRun(
      Home home, RunRequest request, EngineDescriptor engine, Map<String, String> settings) {
    this.home = home;
    this.request = request;
    this.engine = engine;
    this.settings = settings;
  }

  /** Validates the request against the engine registry; throws a usage error if it cannot run. */
  public static BenchmarkRun prepare(Home home, EngineRegistry registry, RunRequest request) {
    EngineDescriptor engine =
        request.mode() == Mode.IN_JOB
            ? registry.requireInJob(request.engine(), request.workload(), request.guarantee())
            : registry.require(request.engine(), request.workload(), request.guarantee());
    if (request.deployment().cluster()) {
      registry.requireCluster(engine);
    } else if (request.deployment().yarn()) {
      registry.requireYarn(engine);
    } else if (request.deployment().external()) {
      registry.requireExternal(engine);
    }
    if (request.mode() == Mode.IN_JOB && request.deployment().kind() != Deployment.Kind.LOCAL) {
      engine
          .whyNotOffered("cluster.in-job")
          .ifPresent(
              why -> {
                throw new UsageException(
                    "engine " + engine.name() + " has no in-job mode on a cluster: " + why);
              });
    }
    FaultRules.requireOffered(engine, request.guarantee(), request.faults());
    if (request.checkpointStorage() != CheckpointStorage.LOCAL) {
      String storage = request.checkpointStorage().id();
      engine
          .whyNotOffered("checkpoint-storage." + storage)
          .ifPresent(
              why -> {
                throw new UsageException(
                    "engine "
                        + engine.name()
                        + " offers no --checkpoint-storage "
                        + storage
                        + ": "
                        + why);
              });
    }
    Map<String, String> settings =
        EngineSettings.resolve(
            engine,
            request.guarantee(),
            request.deployment().cluster() || request.deployment().yarn(),
            request.profiles(),
            request.engineConfigs(),
            request.sets());
    // after every check of the input: a wrong setting is the user's to mend whether or not the
    // engine is built yet (and Maven builds the harness beside the engines, -T1C)
    FirstUseBuild.ensure(home, engine, registry.named(engine.family()), System.err);
    Home.requireFile(engine.jar(), "the " + engine.name() + " engine jar");
    return new BenchmarkRun(
        home, request, EngineHeap.apply(engine, settings, request.deployment()), settings);
  }

  public RunRequest request() {
    return request;
  }

  /**
   * Runs on {@code kafka} (and {@code redis}, null unless the workload needs it; {@code hadoop},
   * null unless the run needs it: {@link RunRequest#needsHadoop}), stores the result in {@code
   * store} and returns it.
   */
  public RunResult execute(
      KafkaCluster kafka, Redis redis, Hadoop hadoop, ResultStore store, Consumer<String> progress)
      throws IOException, SQLException {
    if (request.needsHadoop() && hadoop == null) {
      throw new IllegalStateException("a run with checkpoints on HDFS was given no Hadoop");
    }
    Instant started = Instant.now();
    RunLayout layout = RunLayout.create(home.dataDir(), engine.name(), started, request);
    if (kafka.log() != null) {
      Files.createSymbolicLink(layout.file("broker.log"), kafka.log());
    }
    if (hadoop != null) {
      for (var daemon : hadoop.daemons().entrySet()) {
        Files.createSymbolicLink(
            layout.file("hadoop-" + daemon.getKey() + ".log"), daemon.getValue().log());
      }
    }
    RunExecution ex =
        new RunExecution(home, request, engine, settings, layout, kafka, redis, hadoop, progress);
    ex.run();
    linkYarnContainerLogs(hadoop, layout);
    return store(ex.result(started), layout, store);
  }

  /**
   * A run on YARN: its containers' logs (which the NodeManager keeps in its own directory) linked
   * into the run directory as {@code yarn-containers}, beside the logs of the processes the harness
   * started; the engine's client names its application in the run directory.
   */
  private static void linkYarnContainerLogs(Hadoop hadoop, RunLayout layout) throws IOException {
    Path named = layout.file(Deployment.YARN_APPLICATION_FILE);
    if (hadoop == null || !Files.isRegularFile(named)) {
      return;
    }
    String app = Files.readString(named).trim();
    Optional<Path> logs = hadoop.containerLogsOf(app);
    if (logs.isPresent()) {
      Files.createSymbolicLink(layout.file("yarn-containers"), logs.get());
    }
  }

  /** Stores this run as failed without running it, e.g. because the broker did not start. */
  public RunResult recordFailedStart(RunResult.Failure failure, ResultStore store)
      throws IOException, SQLException {
    Instant started = Instant.now();
    RunLayout layout = RunLayout.create(home.dataDir(), engine.name(), started, request);
    RunExecution ex =
        new RunExecution(home, request, engine, settings, layout, null, null, null, line -> {});
    ex.end(RunResult.Status.FAILED, failure);
    return store(ex.result(started), layout, store);
  }

  private static RunResult store(RunResult result, RunLayout layout, ResultStore store)
      throws IOException, SQLException {
    ResultJson.write(result, layout.file("result.json"));
    store.save(result);
    return result;
  }
}
