package org.streambench.engine.storm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.streambench.api.EngineCatalogue;
import org.streambench.api.EngineLauncher;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.SourceReadiness;
import org.streambench.api.StreamEngine;
import org.streambench.api.WorkloadParams;

/**
 * Runs a workload as a Storm topology (core API: spouts, bolts, groupings, acking) on a {@link
 * LocalStorm} cluster inside this process, whose only listening socket is its ZooKeeper on
 * 127.0.0.1. Readiness is reported once every KafkaSpout executor has polled ({@link
 * SourceReadiness}); the topology then runs until the process is stopped (a shutdown hook kills it
 * and stops the cluster, bounded), and {@code run} throws if the topology stops being active or an
 * executor reports an error. In in-job mode {@code run} returns once {@link InJob} has counted
 * everything.
 *
 * <p>In the cluster deployment, and on the user's own cluster ({@code --storm-nimbus}), this
 * process is the submitting client instead ({@link ClusterJob}): it submits the topology to Nimbus
 * with {@code StormSubmitter} and is ready once every executor runs; in-job mode is refused there.
 *
 * <p>Settings: see {@link StormSettings}.
 */
public final class StormEngine implements StreamEngine {
  /** After this long without tuples an upstream task stops holding event time back. */
  static final long IDLE_SOURCE_MS = 10_000;

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  /** Why in-job mode needs the local deployment. */
  static final String IN_JOB_ON_CLUSTER =
      "storm runs in-job mode on the local deployment only: its completion is counted in the"
          + " engine JVM, which runs no executor on a cluster";

  /** Every workload this engine runs, with the guarantees and in-job sources it offers. */
  static final EngineCatalogue<Function<JobSpec, StormTopology>> CATALOGUE =
      new EngineCatalogue<Function<JobSpec, StormTopology>>(
              "the Storm engine", Guarantee.AT_MOST_ONCE, Guarantee.AT_LEAST_ONCE)
          .add("identity", IdentityTopology::build)
          .add("sleep", SleepTopology::build)
          .add("grep", GrepTopology::build)
          .add("grouping", GroupingTopology::build)
          .add("statemachine", StateMachineTopology::build)
          .add("wordcount", WordCountTopology::build)
          .add("ysb", YsbTopology::build)
          .add("join", JoinTopology::build)
          .add("uricount", UriCountTopology::build)
          .add("nexmark-q0", NexmarkTopology::q0)
          .add("nexmark-q1", NexmarkTopology::q1)
          .add("nexmark-q2", NexmarkTopology::q2)
          .add("nexmark-q3", NexmarkTopology::q3)
          .add("nexmark-q4", NexmarkTopology::q4)
          .add("nexmark-q5", NexmarkTopology::q5)
          .add("nexmark-q7", NexmarkTopology::q7)
          .add("nexmark-q8", NexmarkTopology::q8)
          .add("nexmark-q11", NexmarkTopology::q11)
          .add("nexmark-q14", NexmarkTopology::q14)
          .inJob("grep", "grouping");

  public static void main(String[] args) {
    EngineLauncher.launch(new StormEngine(), args);
  }

  @Override
  public String name() {
    return "storm";
  }

  @Override
  public Map<String, String> versions() {
    return StreamEngine.versionsFrom(StormEngine.class, "/streambench-storm-versions.properties");
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    Function<JobSpec, StormTopology> builder = CATALOGUE.builder(spec);
    WorkloadParams params = new WorkloadParams(spec);
    if (spec.deployment().cluster() || spec.deployment().external()) {
      if (params.inJob()) {
        throw new IllegalArgumentException(IN_JOB_ON_CLUSTER);
      }
      Submission submission =
          spec.deployment().external()
              ? new UserClusterSubmission(spec)
              : new OwnClusterSubmission(spec);
      ClusterJob.run(spec, builder.apply(spec), ready, submission);
      return;
    }
    SourceReadiness.reset();
    InJob.reset();
    StormTopology topology = builder.apply(spec);
    Config conf = StormSettings.topologyConfig(spec);
    Path dir = spec.runDir().resolve("storm").toAbsolutePath();
    Files.createDirectories(dir);
    long startNanos = System.nanoTime();
    LocalStorm storm =
        LocalStorm.start(dir, StormSettings.workers(spec), StormSettings.storm(spec));
    Runtime.getRuntime().addShutdownHook(new Thread(storm::close, "storm-stop"));
    long clusterNanos = System.nanoTime();
    storm.submit("streambench-" + spec.workload(), conf, topology);
    awaitReady(storm);
    System.err.printf(
        "streambench: storm local cluster up in %.1f s, topology consuming %.1f s after submission%n",
        (clusterNanos - startNanos) / 1e9, (System.nanoTime() - clusterNanos) / 1e9);
    ready.run();
    if (params.inJob()) {
      long records = params.longValue("in-job.records");
      while (!InJob.done(records)) {
        storm.check();
        Thread.sleep(20);
      }
      InJob.writeResult(spec.runDir(), spec.workload());
      storm.close();
      return;
    }
    while (true) {
      Thread.sleep(1000);
      storm.check();
    }
  }

  /**
   * Waits until every Kafka spout executor consumes; an in-job topology is ready once submitted.
   */
  private static void awaitReady(LocalStorm storm) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!SourceReadiness.allStarted()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("topology not consuming after " + READY_TIMEOUT);
      }
      storm.check();
      Thread.sleep(50);
    }
  }
}
