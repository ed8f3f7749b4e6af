package org.streambench.harness.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.Home;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.RunGuard;
import org.streambench.harness.summary.SummaryTable;
import org.streambench.verifier.Verdict;

/**
 * Runs prepared runs one after another on one Kafka, prints them side by side and returns the exit
 * code. If the broker does not start, every run is stored as failed with the broker's reason.
 */
final class RunSession {
  private RunSession() {}

  static int execute(
      Home home,
      List<BenchmarkRun> runs,
      KafkaOptions kafkaOptions,
      RedisOptions redisOptions,
      HadoopOptions hadoopOptions,
      DataOptions data)
      throws Exception {
    // the runs of a session come from one command line, so with one placement
    CpuPlacement cpus = runs.get(0).request().cpus();
    CpuPlacement.Pin driver = cpus.pinDriver();
    try {
      return execute(home, runs, cpus, kafkaOptions, redisOptions, hadoopOptions, data);
    } finally {
      driver.close();
    }
  }

  private static int execute(
      Home home,
      List<BenchmarkRun> runs,
      CpuPlacement cpus,
      KafkaOptions kafkaOptions,
      RedisOptions redisOptions,
      HadoopOptions hadoopOptions,
      DataOptions data)
      throws Exception {
    Progress progress = new Progress();
    KafkaCluster kafka;
    try {
      kafka = kafkaOptions.open(home, progress, cpus);
    } catch (IOException e) {
      return failedStart(home, runs, data, "Kafka broker failed to start", e);
    }
    boolean needsHadoop = runs.stream().anyMatch(r -> r.request().needsHadoop());
    Hadoop hadoop = null;
    if (needsHadoop) {
      try {
        boolean forContainers = runs.stream().anyMatch(r -> r.request().deployment().yarn());
        hadoop = hadoopOptions.open(home, progress, cpus, forContainers);
      } catch (IOException e) {
        kafka.close();
        return failedStart(home, runs, data, "Hadoop failed to start", e);
      }
    }
    List<RunResult> results = new ArrayList<>();
    boolean needsRedis = runs.stream().anyMatch(r -> r.request().workloadDefinition().needsRedis());
    try (kafka;
        Hadoop closesHadoop = hadoop;
        Redis redis = needsRedis ? redisOptions.open(home, progress, cpus) : null;
        ResultStore store = data.open(home)) {
      for (BenchmarkRun run : runs) {
        progress.context(run.request().engine());
        results.add(run.execute(kafka, redis, closesHadoop, store, progress));
        if (RunGuard.aborting()) {
          break;
        }
      }
      progress.context("");
    }
    System.out.println();
    SummaryTable.print(results, System.out);
    System.out.println();
    System.out.println(
        "Stored in " + data.describe(home) + "; see one run with: streambench show RUN");
    return exitCode(results);
  }

  /** Stores every run as failed because a service they need did not start. */
  private static int failedStart(
      Home home, List<BenchmarkRun> runs, DataOptions data, String what, IOException e)
      throws Exception {
    System.err.println("streambench: " + e.getMessage());
    try (ResultStore store = data.open(home)) {
      for (BenchmarkRun run : runs) {
        run.recordFailedStart(new RunResult.Failure(what, e.getMessage()), store);
      }
    }
    return StreambenchCli.EXIT_INVALID;
  }

  static int exitCode(List<RunResult> results) {
    if (results.stream().anyMatch(r -> r.status() == RunResult.Status.ABORTED)) {
      return StreambenchCli.EXIT_ABORTED;
    }
    return results.stream().allMatch(r -> r.verdict() == Verdict.Status.VALID)
        ? 0
        : StreambenchCli.EXIT_INVALID;
  }
}
