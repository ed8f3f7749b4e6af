package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessUtils;
import org.apache.flink.runtime.taskexecutor.TaskManagerRunner;
import org.streambench.api.ClusterDaemon;

/**
 * A TaskManager of the cluster deployment: Flink's {@code TaskManagerRunner}, as {@code
 * taskmanager.sh} starts it: on its own {@code config.yaml}, with the memory sizes Flink resolves
 * from it passed as dynamic properties (the JVM was started with the matching heap and direct
 * memory limits, printed by {@link FlinkProcessMemory}). Ready once the JobManager lists it.
 */
public final class FlinkTaskManager {
  private FlinkTaskManager() {}

  public static void main(String[] args) {
    ClusterDaemon.run(
        args,
        new FlinkEngine(),
        (spec, process) -> {
          FlinkCluster cluster = FlinkCluster.read(spec);
          Configuration config = cluster.configuration(process);
          Path conf =
              FlinkCluster.writeConfigDir(
                  spec.runDir().resolve("flink-conf-" + process.name()), config);
          List<String> runnerArgs = new ArrayList<>(List.of("--configDir", conf.toString()));
          String dynamic =
              TaskExecutorProcessUtils.generateDynamicConfigsStr(
                  TaskExecutorProcessUtils.processSpecFromConfig(config));
          for (String word : dynamic.trim().split("\\s+")) {
            runnerArgs.add(word);
          }
          return new ClusterDaemon.Daemon(
              () -> TaskManagerRunner.main(runnerArgs.toArray(String[]::new)),
              () -> listed(cluster.rest("/taskmanagers"), FlinkCluster.resourceId(process)));
        });
  }

  private static boolean listed(JsonNode taskManagers, String id) {
    if (taskManagers == null) {
      return false;
    }
    for (JsonNode tm : taskManagers.path("taskmanagers")) {
      if (id.equals(tm.path("id").asText())) {
        return true;
      }
    }
    return false;
  }
}
