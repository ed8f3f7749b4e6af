package org.streambench.engine.storm;

import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.scheduler.DefaultScheduler;
import org.apache.storm.shade.org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A Storm {@link LocalCluster} (Nimbus and one Supervisor with {@code workers} slots, executors as
 * threads of this JVM, tuples between workers through Storm's in-process messaging) on a ZooKeeper
 * server of its own that listens on 127.0.0.1 only. (The LocalCluster would otherwise start an
 * in-process ZooKeeper on the wildcard address; given {@code storm.zookeeper.servers} it uses that
 * instead.) No Nimbus thrift server, no UI, no logviewer and no DRPC server is started, so nothing
 * else listens. Every directory (ZooKeeper's data, Nimbus's and the Supervisor's {@code
 * storm.local.dir}, Storm's home) is under {@code dir}.
 */
final class LocalStorm implements AutoCloseable {
  /**
   * How long {@link #close} waits for Storm to stop. Storm needs several seconds (it waits {@code
   * supervisor.worker.shutdown.sleep.secs}, 3 s by default, before it force-kills a worker), and
   * its supervisor threads still read the cluster's directory until it has stopped: whoever deletes
   * that directory earlier makes Storm halt the JVM with exit code 20 (a missing stormconf.ser).
   */
  private static final long CLOSE_TIMEOUT_MS = 60_000;

  private final NIOServerCnxnFactory zookeeper;
  private final LocalCluster cluster;
  private String topology;
  private boolean closed;

  private LocalStorm(NIOServerCnxnFactory zookeeper, LocalCluster cluster) {
    this.zookeeper = zookeeper;
    this.cluster = cluster;
  }

  /**
   * Starts ZooKeeper and the cluster with {@code daemonConf} on top. The LocalCluster makes its
   * directories with {@code java.io.tmpdir} as parent, so this points it to {@code dir}.
   */
  static LocalStorm start(Path dir, int workers, Map<String, Object> daemonConf) throws Exception {
    System.setProperty("java.io.tmpdir", dir.toString());
    File zkDir = dir.resolve("zookeeper").toFile();
    ZooKeeperServer server = new ZooKeeperServer(zkDir, zkDir, 2000);
    NIOServerCnxnFactory zookeeper = new NIOServerCnxnFactory();
    zookeeper.configure(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    zookeeper.startup(server);
    try {
      Map<String, Object> conf = new HashMap<>(daemonConf);
      conf.put(Config.STORM_ZOOKEEPER_SERVERS, List.of("127.0.0.1"));
      conf.put(Config.STORM_ZOOKEEPER_PORT, (long) zookeeper.getLocalPort());
      conf.put(Config.STORM_LOCAL_HOSTNAME, "127.0.0.1");
      // the resource-aware scheduler would split executors over workers by memory; the default
      // (even) scheduler honours topology.workers
      conf.put(DaemonConfig.STORM_SCHEDULER, DefaultScheduler.class.getName());
      // The supervisor's localizer deletes a killed topology's files on its periodic cleanup while
      // a slot may still be releasing that topology's pending download, which reads them: the
      // slot's NoSuchFileException halts the JVM with exit code 20 (STORM-3523's fix catches only
      // FileNotFoundException). A local cluster lives for one run or one test class, so its
      // localizer never needs to reclaim space: cleanup runs once a day.
      conf.put(DaemonConfig.SUPERVISOR_LOCALIZER_CACHE_CLEANUP_INTERVAL_MS, 86_400_000);
      // Its workers are threads of this process: the supervisor's wait before it kills them as
      // the cluster stops (Storm's default 3 s, for worker JVMs to shut down) only delays the end
      // of every run once its output is in; a setting of the run's own still wins.
      conf.putIfAbsent(Config.SUPERVISOR_WORKER_SHUTDOWN_SLEEP_SECS, 1L);
      LocalCluster cluster =
          new LocalCluster.Builder()
              .withSupervisors(1)
              .withPortsPerSupervisor(workers)
              .withDaemonConf(conf)
              .build();
      return new LocalStorm(zookeeper, cluster);
    } catch (Exception | Error e) {
      zookeeper.shutdown();
      throw e;
    }
  }

  void submit(String name, Map<String, Object> conf, StormTopology topology) throws Exception {
    cluster.submitTopology(name, conf, topology);
    this.topology = name;
  }

  /**
   * Throws if the topology is gone or not active, or if an executor reported an error: an exception
   * in a spout or bolt makes Storm restart the worker, which loses the hand-kept state and replays
   * (or, without acking, loses) tuples, so the run cannot be valid.
   */
  synchronized void check() throws Exception {
    if (closed) {
      return;
    }
    TopologySummary summary = cluster.getTopologySummaryByName(topology);
    TopologyChecks.requireActive(topology, summary.get_status());
    TopologyChecks.requireNoErrors(cluster.getTopologyInfo(summary.get_id()));
  }

  /** Kills the topology and stops the cluster and ZooKeeper, giving up (loudly) after 60 s. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    Thread stopper =
        new Thread(
            () -> {
              try {
                if (topology != null) {
                  cluster.killTopologyWithOpts(topology, LocalCluster.KILL_NOW);
                }
              } catch (Exception e) {
                // shutting down anyway
              }
              try {
                cluster.close();
              } catch (Exception e) {
                // shutting down anyway
              }
              zookeeper.shutdown();
            },
            "storm-shutdown");
    stopper.setDaemon(true);
    stopper.start();
    try {
      stopper.join(CLOSE_TIMEOUT_MS);
      if (stopper.isAlive()) {
        System.err.printf(
            "streambench: the storm local cluster did not stop within %d s%n",
            CLOSE_TIMEOUT_MS / 1000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
