package org.streambench.harness.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.RunRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench run}: one measured run of one engine. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs one workload on one engine, verifies its output and stores the result.",
      "Example: streambench run --engine flink --rate 50000 --duration 60s --warmup 10s"
          + " --parallelism 2 --guarantee exactly-once"
    })
final class RunCommand implements Callable<Integer> {
  @Option(
      names = "--engine",
      required = true,
      description =
          "Engine to run (see engines/*/engine.properties: baseline, flink, ...); NAME@VERSION"
              + " runs another version of it (flink@1.20), the bare name its default; a version"
              + " the build leaves out (flink@2.2) is built the first time a run names it.")
  String engine;

  @Mixin RunOptions run;
  @Mixin CpuOptions cpus;
  @Mixin KafkaOptions kafka;
  @Mixin RedisOptions redis;
  @Mixin HadoopOptions hadoop;
  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    Home home = data.home();
    RunRequest request = run.toRequest(engine, cpus.placement());
    if (request.deployment().external()) {
      requireServicesTheClusterReaches(request);
    }
    kafka.requireBrokersFor(request.faults());
    redis.requireReachableUnder(request.faults());
    hadoop.requireReadable();
    BenchmarkRun prepared =
        BenchmarkRun.prepare(home, EngineRegistry.scan(home.enginesDir()), request);
    return RunSession.execute(home, List.of(prepared), kafka, redis, hadoop, data);
  }

  /**
   * A user's cluster runs elsewhere: the Kafka (and Redis) it reads must be the user's too, since
   * the embedded ones listen on 127.0.0.1 only.
   */
  private void requireServicesTheClusterReaches(RunRequest request) {
    if (kafka.external == null) {
      throw new UsageException(
          "a run on your own cluster needs --kafka HOST:PORT, a Kafka your cluster reaches (the"
              + " embedded one listens on 127.0.0.1 only)");
    }
    if (request.workloadDefinition().needsRedis() && redis.external == null) {
      throw new UsageException(
          "workload "
              + request.workload()
              + " on your own cluster needs --redis HOST:PORT, a Redis your cluster reaches");
    }
  }
}
