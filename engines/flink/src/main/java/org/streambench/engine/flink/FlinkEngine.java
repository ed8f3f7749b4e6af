package org.streambench.engine.flink;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.EngineLauncher;
import org.streambench.api.JobSpec;
import org.streambench.api.StreamEngine;

/**
 * Runs a workload as a Flink DataStream job on a local MiniCluster inside this process, with the
 * job's Flink configuration taken verbatim from the run's {@code flink.*} settings.
 */
public final class FlinkEngine implements StreamEngine {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  public static void main(String[] args) {
    EngineLauncher.launch(new FlinkEngine(), args);
  }

  @Override
  public String name() {
    return "flink";
  }

  @Override
  public Map<String, String> versions() {
    Properties p = new Properties();
    try (InputStream in =
        FlinkEngine.class.getResourceAsStream("/streambench-flink-versions.properties")) {
      p.load(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the engine's version file", e);
    }
    Map<String, String> versions = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> versions.put(k, p.getProperty(k)));
    return versions;
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    if (!spec.workload().equals("identity")) {
      throw new UnsupportedOperationException(
          "the Flink engine does not implement workload " + spec.workload() + " yet");
    }
    Configuration conf = Configuration.fromMap(spec.settingsWithPrefix("flink."));
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.createLocalEnvironment(spec.parallelism(), conf);
    SourceReadiness.expect(spec.parallelism());
    IdentityJob.build(env, spec);
    JobClient job = env.executeAsync("streambench " + spec.workload() + " " + spec.runId());
    awaitRunning(job);
    ready.run();
    job.getJobExecutionResult().get();
  }

  /** Waits until every source subtask has opened its deserializer, i.e. is about to read. */
  private static void awaitRunning(JobClient job) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      JobStatus status = job.getJobStatus().get();
      if (status == JobStatus.RUNNING && SourceReadiness.allOpened()) {
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
