package org.streambench.engine.storm;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.scheduler.DefaultScheduler;
import org.apache.storm.utils.NimbusClient;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;
import org.streambench.api.PublishedPorts;

/**
 * A Storm cluster on this machine, as the cluster deployment lays it out: ZooKeeper ({@link
 * StormZooKeeper}), Nimbus ({@link StormNimbus}), one Supervisor per worker ({@link
 * StormSupervisor}, one slot each, whose worker JVM it launches) and the submitting client ({@link
 * StormEngine}), each its own process, all on 127.0.0.1. ZooKeeper and Nimbus pick their ports and
 * publish them in {@value #ADDRESSES_FILE}-like files in the run directory ({@code
 * storm-<role>.properties}), which the later processes read. Every process gets its own {@code
 * storm.yaml} (the run's {@code storm.*} settings plus these addresses and its own directories),
 * named by the system property {@code storm.conf.file} the way Storm's launcher names it.
 *
 * <p>Everything of the cluster lives under {@code <run dir>/storm/<process>}: {@code
 * storm.local.dir} ({@code local}), logs and worker artifacts ({@code logs}), and for a supervisor
 * its {@code storm.home} ({@code home}): {@code lib-worker/} holds the engine jar (the worker's
 * classpath, as a Storm distribution's {@code lib-worker} holds Storm's client jars), {@code
 * log4j2/worker.xml} configures the worker's and its LogWriter's logging, and {@code conf/} and
 * {@code extlib/} exist empty because the worker classpath names them.
 */
final class StormCluster {
  /** The file name pattern of a role's published ports, for the docs. */
  static final String ADDRESSES_FILE = "storm-<role>.properties";

  static final String HOST = "127.0.0.1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private StormCluster() {}

  /** Publishes {@code ports} as {@code role}'s, atomically. */
  static void publish(JobSpec spec, String role, Map<String, Integer> ports) throws IOException {
    PublishedPorts.publish(spec.runDir(), file(role), ports, "the storm " + role + " process");
  }

  /** Whether {@code role} has published its ports yet. */
  static boolean isPublished(JobSpec spec, String role) {
    return PublishedPorts.isPublished(spec.runDir(), file(role));
  }

  /** The port {@code key} that {@code role} published. */
  static int published(JobSpec spec, String role, String key) throws IOException {
    return PublishedPorts.read(spec.runDir(), file(role), key);
  }

  private static String file(String role) {
    return "storm-" + role + ".properties";
  }

  /** The directory of {@code process}'s own files. */
  static Path dir(JobSpec spec, EngineProcess process) throws IOException {
    Path dir = spec.runDir().resolve("storm").resolve(process.name()).toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }

  /**
   * The Storm config of a process other than ZooKeeper: the run's {@code storm.*} settings, the
   * addresses of ZooKeeper and Nimbus (Nimbus's own port must be published first), 127.0.0.1 as the
   * host every daemon advertises, its directories, and the even scheduler (the resource-aware one
   * would place executors by memory; the even one honours topology.workers).
   */
  static Map<String, Object> config(JobSpec spec, EngineProcess process, int nimbusPort)
      throws IOException {
    Path dir = dir(spec, process);
    Map<String, Object> c = new HashMap<>(StormSettings.storm(spec));
    c.put(Config.STORM_ZOOKEEPER_SERVERS, List.of(HOST));
    c.put(Config.STORM_ZOOKEEPER_PORT, published(spec, "zookeeper", "port"));
    c.put(Config.NIMBUS_SEEDS, List.of(HOST));
    c.put(Config.NIMBUS_THRIFT_PORT, nimbusPort);
    c.put(Config.STORM_LOCAL_HOSTNAME, HOST);
    c.put(Config.STORM_LOCAL_DIR, dir.resolve("local").toString());
    c.put("storm.log.dir", dir.resolve("logs").toString());
    c.put(Config.STORM_CLUSTER_MODE, "distributed");
    // Nimbus's and the Supervisors' thrift servers on 127.0.0.1 only (Storm's binds every address)
    c.put(Config.STORM_THRIFT_TRANSPORT_PLUGIN, LoopbackTransportPlugin.class.getName());
    // and each worker's Netty messaging server too (Storm's binds every address)
    c.put(Config.STORM_MESSAGING_TRANSPORT, LoopbackContext.class.getName());
    c.put(DaemonConfig.STORM_SCHEDULER, DefaultScheduler.class.getName());
    return c;
  }

  /**
   * Writes {@code config} as this JVM's {@code storm.yaml} (JSON, which is YAML) and points Storm
   * at it ({@code storm.conf.file}, {@code storm.log.dir}), as Storm's launcher does for a daemon.
   */
  static Path useConfig(Path dir, Map<String, Object> config) throws IOException {
    Path file = dir.resolve("storm.yaml");
    Files.writeString(
        file,
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(config),
        StandardCharsets.UTF_8);
    System.setProperty("storm.conf.file", file.toString());
    Object logDir = config.get("storm.log.dir");
    if (logDir != null) {
      Files.createDirectories(Path.of(logDir.toString()));
      System.setProperty("storm.log.dir", logDir.toString());
    }
    return file;
  }

  /** The cluster as Nimbus sees it, or null while Nimbus does not answer. */
  static ClusterSummary clusterInfo(Map<String, Object> config) {
    try (NimbusClient client = client(config, 5_000)) {
      return client.getClient().getClusterInfo();
    } catch (Exception e) {
      return null;
    }
  }

  /**
   * A client of Nimbus whose calls time out after {@code timeoutMs}. (Storm 2.8 deprecates the
   * static factories for a builder it does not document yet; they do what {@code storm} CLI does.)
   */
  @SuppressWarnings("deprecation")
  static NimbusClient client(Map<String, Object> config, int timeoutMs) {
    Map<String, Object> c = new HashMap<>(config);
    c.put(Config.STORM_THRIFT_SOCKET_TIMEOUT_MS, timeoutMs);
    return NimbusClient.getConfiguredClient(c);
  }
}
