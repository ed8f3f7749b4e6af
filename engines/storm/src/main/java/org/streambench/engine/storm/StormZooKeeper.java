package org.streambench.engine.storm;

import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import org.apache.storm.shade.org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServer;
import org.streambench.api.ClusterDaemon;

/**
 * The ZooKeeper of the cluster deployment: a standalone ZooKeeper server (the one storm-server
 * shades) on 127.0.0.1 and a port it picks, published as {@code storm-zookeeper.properties} for
 * Nimbus, the Supervisors and the workers. Its data lives under {@code <run dir>/storm/zookeeper}.
 * Ready once it listens.
 */
public final class StormZooKeeper {
  private StormZooKeeper() {}

  public static void main(String[] args) {
    ClusterDaemon.run(
        args,
        new StormEngine(),
        (spec, process) -> {
          File data = StormCluster.dir(spec, process).resolve("data").toFile();
          ZooKeeperServer server = new ZooKeeperServer(data, data, 2000);
          NIOServerCnxnFactory factory = new NIOServerCnxnFactory();
          factory.configure(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
          return new ClusterDaemon.Daemon(
              () -> {
                factory.startup(server);
                Runtime.getRuntime()
                    .addShutdownHook(new Thread(factory::shutdown, "zookeeper-stop"));
                StormCluster.publish(spec, "zookeeper", Map.of("port", factory.getLocalPort()));
              },
              () -> server.isRunning() && StormCluster.isPublished(spec, "zookeeper"),
              true);
        });
  }
}
