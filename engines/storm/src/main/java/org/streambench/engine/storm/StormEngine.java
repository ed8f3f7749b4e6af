package org.streambench.engine.storm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.streambench.api.EngineLauncher;
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
 * <p>Settings: see {@link StormSettings}.
 */
public final class StormEngine implements StreamEngine {
  /** After this long without tuples an upstream task stops holding event time back. */
  static final long IDLE_SOURCE_MS = 10_000;

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  /** Every workload this engine runs; engine.properties lists the same names. */
  static final Map<String, Function<JobSpec, StormTopology>> WORKLOADS = workloads();

  /** Workloads that can generate their input inside the topology ({@code source=in-job}). */
  static final Set<String> IN_JOB_WORKLOADS = Set.of("grep", "grouping");

  public static void main(String[] args) {
    EngineLauncher.launch(new StormEngine(), args);
  }

  private static Map<String, Function<JobSpec, StormTopology>> workloads() {
    Map<String, Function<JobSpec, StormTopology>> w = new LinkedHashMap<>();
    w.put("identity", IdentityTopology::build);
    w.put("sleep", SleepTopology::build);
    w.put("grep", GrepTopology::build);
    w.put("grouping", GroupingTopology::build);
    w.put("statemachine", StateMachineTopology::build);
    w.put("wordcount", WordCountTopology::build);
    w.put("ysb", YsbTopology::build);
    w.put("join", JoinTopology::build);
    w.put("uricount", UriCountTopology::build);
    return w;
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
    Function<JobSpec, StormTopology> builder = builder(spec);
    WorkloadParams params = new WorkloadParams(spec);
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

  /** The topology builder for the spec's workload and source mode; unsupported ones fail here. */
  static Function<JobSpec, StormTopology> builder(JobSpec spec) {
    Function<JobSpec, StormTopology> builder = WORKLOADS.get(spec.workload());
    if (builder == null) {
      throw new UnsupportedOperationException(
          "the Storm engine has no workload '"
              + spec.workload()
              + "' (it has: "
              + String.join(", ", WORKLOADS.keySet())
              + ")");
    }
    if (new WorkloadParams(spec).inJob() && !IN_JOB_WORKLOADS.contains(spec.workload())) {
      throw new UnsupportedOperationException(
          "the Storm engine has no in-job source for workload " + spec.workload());
    }
    return builder;
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
