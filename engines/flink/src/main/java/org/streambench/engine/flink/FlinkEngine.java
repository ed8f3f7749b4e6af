package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.EngineCatalogue;
import org.streambench.api.EngineLauncher;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.SourceReadiness;
import org.streambench.api.StreamEngine;
import org.streambench.api.WorkloadParams;

/**
 * Runs a workload as a Flink DataStream job on a local MiniCluster inside this process, with the
 * job's Flink configuration taken verbatim from the run's {@code flink.*} settings. In the cluster
 * deployment this process is the job client instead: it submits the job to the JobManager's REST
 * API once every TaskManager has registered ({@link FlinkCluster}) and is ready when every task
 * runs.
 */
public final class FlinkEngine implements StreamEngine {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  /** Builds a workload's job into an environment. */
  @FunctionalInterface
  interface JobBuilder {
    void build(StreamExecutionEnvironment env, JobSpec spec);
  }

  /** Every workload this engine runs, with the guarantees and in-job sources it offers. */
  static final EngineCatalogue<JobBuilder> CATALOGUE =
      new EngineCatalogue<JobBuilder>("the Flink engine", Guarantee.values())
          .add("identity", IdentityJob::build)
          .add("sleep", SleepJob::build)
          .add("grep", GrepJob::build)
          .add("grouping", GroupingJob::build)
          .add("statemachine", StateMachineJob::build)
          .add("wordcount", WordCountJob::build)
          .add("ysb", YsbJob::build)
          .add("join", JoinJob::build)
          .add("uricount", UriCountJob::build)
          .inJob("grep", "grouping");

  public static void main(String[] args) {
    EngineLauncher.launch(new FlinkEngine(), args);
  }

  @Override
  public String name() {
    return "flink";
  }

  @Override
  public Map<String, String> versions() {
    return StreamEngine.versionsFrom(FlinkEngine.class, "/streambench-flink-versions.properties");
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    JobBuilder builder = CATALOGUE.builder(spec);
    boolean inJob = new WorkloadParams(spec).inJob();
    JobClient job;
    if (spec.deployment().cluster()) {
      FlinkCluster cluster = FlinkCluster.read(spec);
      awaitSlots(cluster, spec);
      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.createRemoteEnvironment(
              "127.0.0.1", cluster.restPort(), FlinkSettings.configuration(spec));
      env.setParallelism(spec.parallelism());
      builder.build(env, spec);
      job = env.executeAsync(jobName(spec));
      awaitAllTasksRunning(cluster, job);
    } else {
      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.createLocalEnvironment(
              spec.parallelism(), FlinkSettings.configuration(spec));
      SourceReadiness.reset();
      builder.build(env, spec);
      job = env.executeAsync(jobName(spec));
      awaitRunning(job);
    }
    ready.run();
    JobExecutionResult result = job.getJobExecutionResult().get();
    if (inJob) {
      InJob.writeResult(spec.runDir(), result);
    }
  }

  private static String jobName(JobSpec spec) {
    return "streambench " + spec.workload() + " " + spec.runId();
  }

  /** Waits until every TaskManager of the cluster has registered its slots. */
  private static void awaitSlots(FlinkCluster cluster, JobSpec spec) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    int workers = spec.deployment().workers();
    int slots = workers * spec.deployment().slotsPerWorker();
    JsonNode overview = cluster.rest("/overview");
    while (overview == null
        || overview.path("taskmanagers").asInt() < workers
        || overview.path("slots-total").asInt() < slots) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the cluster has not "
                + workers
                + " TaskManagers with "
                + slots
                + " slots after "
                + READY_TIMEOUT
                + ": "
                + overview);
      }
      Thread.sleep(100);
      overview = cluster.rest("/overview");
    }
  }

  /**
   * On a cluster: waits until every task of the job runs (every vertex RUNNING, as the JobManager's
   * REST API reports it), or has finished (an in-job source that is done).
   */
  private static void awaitAllTasksRunning(FlinkCluster cluster, JobClient job) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      JobStatus status = job.getJobStatus().get();
      if (status.isGloballyTerminalState()) {
        job.getJobExecutionResult().get(); // throws the job's failure cause
        if (status == JobStatus.FINISHED) {
          return;
        }
        throw new IllegalStateException("job ended before it ran: " + status);
      }
      JsonNode details = cluster.rest("/jobs/" + job.getJobID());
      if (details != null && allRunning(details.path("vertices"))) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("job's tasks not all running after " + READY_TIMEOUT);
  }

  private static boolean allRunning(JsonNode vertices) {
    if (!vertices.isArray() || vertices.isEmpty()) {
      return false;
    }
    for (JsonNode v : vertices) {
      String status = v.path("status").asText();
      if (!status.equals("RUNNING") && !status.equals("FINISHED")) {
        return false;
      }
    }
    return true;
  }

  /**
   * Waits until every Kafka source subtask has opened its deserializer, i.e. is about to read; a
   * job without Kafka sources (in-job mode) is ready once it runs, or has already finished.
   */
  private static void awaitRunning(JobClient job) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      JobStatus status = job.getJobStatus().get();
      if (status == JobStatus.RUNNING && SourceReadiness.allStarted()
          || status == JobStatus.FINISHED) {
        return;
      }
      if (status.isGloballyTerminalState()) {
        job.getJobExecutionResult().get(); // throws the job's failure cause
        throw new IllegalStateException("job ended before it ran: " + status);
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("job not running after " + READY_TIMEOUT);
  }
}
