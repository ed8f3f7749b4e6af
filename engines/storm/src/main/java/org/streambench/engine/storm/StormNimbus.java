package org.streambench.engine.storm;

import java.util.Map;
import org.apache.storm.daemon.nimbus.Nimbus;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.NimbusSummary;
import org.streambench.api.ClusterDaemon;
import org.streambench.api.PublishedPorts;

/**
 * Nimbus of the cluster deployment: Storm's {@code Nimbus} main, as {@code storm nimbus} starts it,
 * on its own {@code storm.yaml} with a thrift port it picks and publishes as {@code
 * storm-nimbus.properties}. Ready once it answers and is the leader (only the leader takes
 * topologies).
 */
public final class StormNimbus {
  private StormNimbus() {}

  public static void main(String[] args) {
    ClusterDaemon.run(
        args,
        new StormEngine(),
        (spec, process) -> {
          // started again after a fault: the same port, which the supervisors and the job know
          int port =
              StormCluster.isPublished(spec, "nimbus")
                  ? StormCluster.published(spec, "nimbus", "port")
                  : PublishedPorts.freePort();
          Map<String, Object> config = StormCluster.config(spec, process, port);
          StormCluster.useConfig(StormCluster.dir(spec, process), config);
          StormCluster.publish(spec, "nimbus", Map.of("port", port));
          return new ClusterDaemon.Daemon(
              () -> Nimbus.main(new String[0]),
              () -> leader(StormCluster.clusterInfo(config)),
              true);
        });
  }

  private static boolean leader(ClusterSummary cluster) {
    if (cluster == null) {
      return false;
    }
    for (NimbusSummary n : cluster.get_nimbuses()) {
      if (n.is_isLeader()) {
        return true;
      }
    }
    return false;
  }
}
