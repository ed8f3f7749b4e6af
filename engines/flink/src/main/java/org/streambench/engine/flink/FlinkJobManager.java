package org.streambench.engine.flink;

import java.nio.file.Path;
import org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint;
import org.streambench.api.ClusterDaemon;

/**
 * The JobManager of the cluster deployment: Flink's {@code StandaloneSessionClusterEntrypoint}, as
 * {@code jobmanager.sh} starts it, on its own {@code config.yaml}. It picks the cluster's ports.
 * Ready once its REST API answers.
 */
public final class FlinkJobManager {
  private FlinkJobManager() {}

  public static void main(String[] args) {
    ClusterDaemon.run(
        args,
        new FlinkEngine(),
        (spec, process) -> {
          FlinkCluster cluster = FlinkCluster.publish(spec);
          Path conf =
              FlinkCluster.writeConfigDir(
                  spec.runDir().resolve("flink-conf-" + process.name()),
                  cluster.configuration(process));
          return new ClusterDaemon.Daemon(
              () ->
                  StandaloneSessionClusterEntrypoint.main(
                      new String[] {"--configDir", conf.toString()}),
              () -> cluster.rest("/overview") != null);
        });
  }
}
