package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobID;
import org.streambench.api.Deployment;
import org.streambench.api.WorkLog;

/**
 * Follows where a job's subtasks run on the run's own cluster, through the JobManager's REST API
 * ({@code /jobs/:job/vertices/:vertex}: each subtask's status and TaskManager, whose resource id
 * starts with its process's name, {@code taskmanager-N-<pid>}), and appends each TaskManager's
 * running subtasks to its {@link WorkLog} when they change: a TaskManager without any is a spare,
 * and after a fault the log shows where the restarted subtasks went. Asked once a second.
 */
final class TaskPlacement implements Runnable {
  private static final long EVERY_MILLIS = 1_000;
  private static final String TASK_MANAGER = "taskmanager-";

  private final FlinkCluster cluster;
  private final String job;
  private final Path runDir;
  private final int workers;
  private final Map<Integer, List<String>> logged = new HashMap<>();

  private TaskPlacement(FlinkCluster cluster, JobID job, Path runDir, int workers) {
    this.cluster = cluster;
    this.job = "/jobs/" + job;
    this.runDir = runDir;
    this.workers = workers;
  }

  /** Starts following {@code job} on a daemon thread, on a cluster of this run only. */
  static void follow(FlinkCluster cluster, JobID job, Path runDir, Deployment deployment) {
    if (!deployment.cluster()) {
      return;
    }
    Thread t =
        new Thread(new TaskPlacement(cluster, job, runDir, deployment.workers()), "task-placement");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void run() {
    try {
      while (true) {
        Map<Integer, List<String>> now = placement();
        if (now != null) {
          for (int tm = 1; tm <= workers; tm++) {
            List<String> tasks = now.getOrDefault(tm, List.of());
            if (!tasks.equals(logged.get(tm))) {
              WorkLog.append(runDir, tm, tasks);
              logged.put(tm, tasks);
            }
          }
        }
        Thread.sleep(EVERY_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The running subtasks of each TaskManager ({@code <vertex name>#<subtask>}); null if the REST
   * API did not answer in full.
   */
  private Map<Integer, List<String>> placement() throws InterruptedException {
    JsonNode overview = cluster.rest(job);
    if (overview == null) {
      return null;
    }
    Map<Integer, List<String>> byTaskManager = new HashMap<>();
    for (JsonNode vertex : overview.path("vertices")) {
      JsonNode details = cluster.rest(job + "/vertices/" + vertex.path("id").asText());
      if (details == null) {
        return null;
      }
      for (JsonNode subtask : details.path("subtasks")) {
        String tm = subtask.path("taskmanager-id").asText("");
        if (subtask.path("status").asText().equals("RUNNING") && tm.startsWith(TASK_MANAGER)) {
          byTaskManager
              .computeIfAbsent(workerNumber(tm), k -> new ArrayList<>())
              .add(vertex.path("name").asText() + "#" + subtask.path("subtask").asInt());
        }
      }
    }
    byTaskManager.values().forEach(l -> l.sort(null));
    return byTaskManager;
  }

  /** {@code taskmanager-2-41733} → 2. */
  static int workerNumber(String resourceId) {
    String rest = resourceId.substring(TASK_MANAGER.length());
    int dash = rest.indexOf('-');
    return Integer.parseInt(dash < 0 ? rest : rest.substring(0, dash));
  }
}
