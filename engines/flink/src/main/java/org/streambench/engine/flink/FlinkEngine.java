package org.streambench.engine.flink;

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
 * job's Flink configuration taken verbatim from the run's {@code flink.*} settings.
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
