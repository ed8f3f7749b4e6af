package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.JobID;
import org.streambench.api.CheckpointLog;

/**
 * Follows a running job's checkpoints through the JobManager's REST API (the figures of Flink's
 * checkpoint monitoring) and appends each finished one to the run's {@link CheckpointLog}: its
 * duration and sizes from {@code /jobs/:job/checkpoints}, and per task the longest alignment and
 * barrier start delay from the subtask summaries of {@code .../details/:id/subtasks/:vertex}
 * (unknown, -1, where Flink no longer has them). Asked once a second, so it sees every checkpoint
 * while Flink's history keeps the last ten.
 */
final class CheckpointStats implements Runnable {
  private static final long EVERY_MILLIS = 1_000;

  private final FlinkCluster cluster;
  private final String job;
  private final Path runDir;
  private final Set<Long> written = new HashSet<>();

  private CheckpointStats(FlinkCluster cluster, JobID job, Path runDir) {
    this.cluster = cluster;
    this.job = "/jobs/" + job;
    this.runDir = runDir;
  }

  /** Starts following {@code job} on a daemon thread; it ends with this process. */
  static void follow(FlinkCluster cluster, JobID job, Path runDir) {
    Thread t = new Thread(new CheckpointStats(cluster, job, runDir), "checkpoint-stats");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void run() {
    try {
      while (true) {
        JsonNode stats = cluster.rest(job + "/checkpoints");
        if (stats != null) {
          for (JsonNode c : stats.path("history")) {
            writeIfFinished(c);
          }
        }
        Thread.sleep(EVERY_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      System.err.println("streambench: checkpoint statistics no longer written: " + e);
    }
  }

  private void writeIfFinished(JsonNode c) throws IOException, InterruptedException {
    long id = c.path("id").asLong();
    String status = c.path("status").asText();
    if (c.path("is_savepoint").asBoolean()
        || !(status.equals("COMPLETED") || status.equals("FAILED"))
        || written.contains(id)) {
      return;
    }
    long alignment = -1;
    long startDelay = -1;
    JsonNode details = cluster.rest(job + "/checkpoints/details/" + id);
    Iterator<String> vertices =
        details == null ? List.<String>of().iterator() : details.path("tasks").fieldNames();
    while (vertices.hasNext()) {
      JsonNode task =
          cluster.rest(job + "/checkpoints/details/" + id + "/subtasks/" + vertices.next());
      if (task != null) {
        JsonNode summary = task.path("summary");
        alignment = Math.max(alignment, maxOf(summary.path("alignment").path("duration")));
        startDelay = Math.max(startDelay, maxOf(summary.path("start_delay")));
      }
    }
    written.add(id);
    CheckpointLog.append(
        runDir,
        new CheckpointLog.Checkpoint(
            id,
            status.toLowerCase(java.util.Locale.ROOT),
            c.path("trigger_timestamp").asLong(),
            c.path("end_to_end_duration").asLong(),
            c.path("checkpointed_size").asLong(),
            c.path("state_size").asLong(),
            alignment,
            startDelay));
  }

  private static long maxOf(JsonNode statsSummary) {
    return statsSummary.has("max") ? statsSummary.path("max").asLong() : -1;
  }
}
