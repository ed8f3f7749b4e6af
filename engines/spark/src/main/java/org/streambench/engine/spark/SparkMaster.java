package org.streambench.engine.spark;

import org.apache.spark.deploy.master.Master;
import org.streambench.api.ClusterDaemon;

/**
 * The Master of the cluster deployment: Spark's standalone {@code Master}, as {@code
 * start-master.sh} starts it, on 127.0.0.1 with the RPC and web UI ports it publishes ({@link
 * SparkCluster}). Ready once its web UI answers with status ALIVE.
 */
public final class SparkMaster {
  private SparkMaster() {}

  public static void main(String[] args) {
    SparkCluster.runDaemon(
        args,
        (spec, process) -> {
          SparkCluster cluster = SparkCluster.publish(spec);
          String[] masterArgs = {
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(cluster.masterPort()),
            "--webui-port",
            Integer.toString(cluster.masterUiPort())
          };
          return new ClusterDaemon.Daemon(
              () -> Master.main(masterArgs),
              () -> {
                var state = cluster.masterState();
                return state != null && "ALIVE".equals(state.path("status").asText());
              });
        });
  }
}
