package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.Deployment;
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
 * runs; on the user's own cluster ({@code --flink-rest}) likewise, once the cluster has a free slot
 * per task, shipping the engine jar with the job and cancelling it when this process ends; on YARN
 * ({@link FlinkOnYarn}) it first deploys a session cluster for the job there.
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
          .add("nexmark-q0", NexmarkJob::build)
          .add("nexmark-q1", NexmarkJob::build)
          .add("nexmark-q2", NexmarkJob::build)
          .add("nexmark-q3", NexmarkJob::build)
          .add("nexmark-q4", NexmarkJob::build)
          .add("nexmark-q5", NexmarkJob::build)
          .add("nexmark-q7", NexmarkJob::build)
          .add("nexmark-q8", NexmarkJob::build)
          .add("nexmark-q11", NexmarkJob::build)
          .add("nexmark-q14", NexmarkJob::build)
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
    FlinkCluster cluster;
    if (spec.deployment().kind() == Deployment.Kind.LOCAL) {
      cluster = FlinkCluster.local(spec);
      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.createLocalEnvironment(
              spec.parallelism(), cluster.localConfiguration());
      SourceReadiness.reset();
      builder.build(env, spec);
      job = env.executeAsync(jobName(spec));
      awaitRunning(job);
    } else {
      cluster =
          switch (spec.deployment().kind()) {
            case EXTERNAL -> FlinkCluster.external(spec);
            case YARN -> FlinkOnYarn.deploy(spec);
            default -> FlinkCluster.read(spec);
          };
      awaitSlots(cluster, spec);
      StreamExecutionEnvironment env = cluster.remoteEnvironment();
      env.setParallelism(spec.parallelism());
      builder.build(env, spec);
      job = env.executeAsync(jobName(spec));
      if (spec.deployment().external()) {
        cancelOnExit(job);
      }
      awaitAllTasksRunning(cluster, job);
    }
    CheckpointStats.follow(cluster, job.getJobID(), spec.runDir());
    TaskPlacement.follow(cluster, job.getJobID(), spec.runDir(), spec.deployment());
    ready.run();
    JobExecutionResult result = job.getJobExecutionResult().get();
    if (inJob) {
      InJob.writeResult(spec.runDir(), result);
    }
  }

  private static String jobName(JobSpec spec) {
    return "streambench " + spec.workload() + " " + spec.runId();
  }

  /**
   * Waits until the cluster can run the job: on a cluster of this run, until every TaskManager has
   * registered its slots; on the user's own cluster, until it has as many free slots as the job has
   * tasks.
   */
  private static void awaitSlots(FlinkCluster cluster, JobSpec spec) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    Deployment d = spec.deployment();
    int taskManagers = d.external() ? 1 : d.workers();
    String slotsField = d.external() ? "slots-available" : "slots-total";
    int slots = d.external() ? spec.parallelism() : d.workers() * d.slotsPerWorker();
    JsonNode overview = cluster.rest("/overview");
    while (overview == null
        || overview.path("taskmanagers").asInt() < taskManagers
        || overview.path(slotsField).asInt() < slots) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            String.format(
                "the Flink cluster at %s has not %d TaskManagers with %d %s after %s: %s",
                cluster.restUrl(),
                taskManagers,
                slots,
                slotsField,
                READY_TIMEOUT,
                overview == null ? "its REST API does not answer" : overview));
      }
      Thread.sleep(100);
      overview = cluster.rest("/overview");
    }
  }

  /**
   * The job runs on the user's cluster, which outlives this run: it is cancelled when this process
   * ends (stopped by the harness at the end of the run, on Ctrl-C, or when the harness died).
   */
  private static void cancelOnExit(JobClient job) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    if (!job.getJobStatus().get(5, TimeUnit.SECONDS).isGloballyTerminalState()) {
                      job.cancel().get(10, TimeUnit.SECONDS);
                      System.err.println("streambench: cancelled job " + job.getJobID());
                    }
                  } catch (Exception e) {
                    System.err.println(
                        "streambench: could not cancel job " + job.getJobID() + ": " + e);
                  }
                },
                "cancel-job"));
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
      JobStatus status;
      try {
        status = job.getJobStatus().get();
      } catch (ExecutionException | IllegalStateException e) {
        // a local job that finishes fast (in-job) takes its MiniCluster down with it, and the
        // status can no longer be asked ("MiniCluster is not yet running or has already been shut
        // down", thrown at once or through the future); its result was complete before that. A job
        // still running has no result: then the failure to ask is the run's failure.
        try {
          job.getJobExecutionResult().get(2, TimeUnit.SECONDS); // throws the job's failure cause
        } catch (TimeoutException stillRunning) {
          throw e;
        }
        return;
      }
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
