package org.streambench.engine.flink;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.EngineLauncher;
import org.streambench.api.JobSpec;
import org.streambench.api.SourceReadiness;
import org.streambench.api.StreamEngine;
import org.streambench.api.WorkloadParams;

/**
 * Runs a workload as a Flink DataStream job on a local MiniCluster inside this process, with the
 * job's Flink configuration taken verbatim from the run's {@code flink.*} settings.
 */
public final class FlinkEngine implements StreamEngine {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  /** Builds a workload's job into an environment. */
  @FunctionalInterface
  interface JobBuilder {
    void build(StreamExecutionEnvironment env, JobSpec spec);
  }

  /** Every workload this engine runs; engine.properties lists the same names. */
  static final Map<String, JobBuilder> WORKLOADS = workloads();

  /** Workloads that can generate their input inside the job ({@code source=in-job}). */
  static final Set<String> IN_JOB_WORKLOADS = Set.of("grep", "grouping");

  public static void main(String[] args) {
    EngineLauncher.launch(new FlinkEngine(), args);
  }

  private static Map<String, JobBuilder> workloads() {
    Map<String, JobBuilder> w = new LinkedHashMap<>();
    w.put("identity", IdentityJob::build);
    w.put("sleep", SleepJob::build);
    w.put("grep", GrepJob::build);
    w.put("grouping", GroupingJob::build);
    w.put("statemachine", StateMachineJob::build);
    w.put("wordcount", WordCountJob::build);
    w.put("ysb", YsbJob::build);
    w.put("join", JoinJob::build);
    w.put("uricount", UriCountJob::build);
    return w;
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
    JobBuilder builder = builder(spec);
    boolean inJob = new WorkloadParams(spec).inJob();
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.createLocalEnvironment(
            spec.parallelism(), FlinkSettings.configuration(spec));
    SourceReadiness.reset();
    builder.build(env, spec);
    JobClient job = env.executeAsync("streambench " + spec.workload() + " " + spec.runId());
    awaitRunning(job);
    ready.run();
    JobExecutionResult result = job.getJobExecutionResult().get();
    if (inJob) {
      InJob.writeResult(spec.runDir(), result);
    }
  }

  /** The job builder for the spec's workload and source mode; unsupported ones fail here. */
  static JobBuilder builder(JobSpec spec) {
    JobBuilder builder = WORKLOADS.get(spec.workload());
    if (builder == null) {
      throw new UnsupportedOperationException(
          "the Flink engine has no workload '"
              + spec.workload()
              + "' (it has: "
              + String.join(", ", WORKLOADS.keySet())
              + ")");
    }
    if (new WorkloadParams(spec).inJob() && !IN_JOB_WORKLOADS.contains(spec.workload())) {
      throw new UnsupportedOperationException(
          "the Flink engine has no in-job source for workload " + spec.workload());
    }
    return builder;
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
