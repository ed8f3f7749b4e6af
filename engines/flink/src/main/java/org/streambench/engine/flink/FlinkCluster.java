package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ConfigurationUtils;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;
import org.streambench.api.PublishedPorts;

/**
 * A Flink standalone session cluster on this machine, as the cluster deployment lays it out: a
 * JobManager ({@link FlinkJobManager}), one TaskManager per worker ({@link FlinkTaskManager}) and
 * the job client ({@link FlinkEngine}), each its own process, all on 127.0.0.1. The JobManager
 * picks its RPC and REST ports and writes them to {@value #PORTS_FILE} in the run directory, which
 * the others read; every process's Flink configuration is the run's {@code flink.*} settings plus
 * these addresses, written as its own {@code config.yaml} the way Flink's scripts give one to each
 * daemon. On the user's own cluster ({@code --flink-rest}) only its REST endpoint is known.
 */
final class FlinkCluster {
  static final String PORTS_FILE = "flink-cluster.properties";

  /**
   * The prefix of the run's settings that put the cluster's links behind the harness's link proxy
   * ({@code --fault} on worker-master or worker-worker, docs/faults.md): {@code
   * link.<process>.port} is the RPC port the others connect to, {@code link.<process>.bind-port}
   * where the process listens; {@code data-port} and {@code data-bind-port} the same for a
   * TaskManager's data exchange (the network shuffle between TaskManagers).
   */
  static final String LINK = "link.";

  private static final String JOBMANAGER = "jobmanager";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final JobSpec spec;
  private final int rpcPort;
  private final URI rest;

  private FlinkCluster(JobSpec spec, int rpcPort, URI rest) {
    this.spec = spec;
    this.rpcPort = rpcPort;
    this.rest = rest;
  }

  private FlinkCluster(JobSpec spec, int rpcPort, int restPort) {
    this(spec, rpcPort, URI.create("http://127.0.0.1:" + restPort));
  }

  /**
   * The MiniCluster of a local run, in the engine's process: its REST endpoint on a free port, so
   * that its checkpoints can be followed ({@link CheckpointStats}).
   */
  static FlinkCluster local(JobSpec spec) throws IOException {
    return new FlinkCluster(spec, -1, PublishedPorts.freePort());
  }

  /**
   * The Flink configuration of a local run's MiniCluster: the run's settings, every server bound to
   * 127.0.0.1 (the blob server and REST endpoint otherwise listen on every interface).
   */
  Configuration localConfiguration() {
    Map<String, String> c = new HashMap<>(FlinkSettings.configuration(spec).toMap());
    c.put("jobmanager.bind-host", "127.0.0.1");
    c.put("taskmanager.bind-host", "127.0.0.1");
    c.put("rest.address", "127.0.0.1");
    c.put("rest.bind-address", "127.0.0.1");
    c.put("rest.bind-port", Integer.toString(rest.getPort()));
    c.put("rest.port", Integer.toString(rest.getPort()));
    return Configuration.fromMap(c);
  }

  /** The user's own session cluster, at the REST URL of the run's external deployment. */
  /** A cluster known by its REST endpoint: a session cluster this run deployed on YARN. */
  static FlinkCluster at(JobSpec spec, URI rest) {
    return new FlinkCluster(spec, -1, rest);
  }

  static FlinkCluster external(JobSpec spec) {
    return new FlinkCluster(spec, -1, URI.create(spec.deployment().address()));
  }

  /**
   * The JobManager's view: picks free ports and publishes them for the other processes. Its RPC
   * port is the link proxy's when the run puts the cluster's links behind one ({@link #LINK}).
   */
  static FlinkCluster publish(JobSpec spec) throws IOException {
    String advertised = spec.setting(LINK + JOBMANAGER + ".port", null);
    int rpcPort = advertised == null ? PublishedPorts.freePort() : Integer.parseInt(advertised);
    FlinkCluster cluster = new FlinkCluster(spec, rpcPort, PublishedPorts.freePort());
    PublishedPorts.publish(
        spec.runDir(),
        PORTS_FILE,
        Map.of("rpc.port", cluster.rpcPort, "rest.port", cluster.rest.getPort()),
        "the Flink JobManager");
    return cluster;
  }

  /** The view of a TaskManager or the job client, once the JobManager has published its ports. */
  static FlinkCluster read(JobSpec spec) throws IOException {
    return new FlinkCluster(
        spec,
        PublishedPorts.read(spec.runDir(), PORTS_FILE, "rpc.port"),
        PublishedPorts.read(spec.runDir(), PORTS_FILE, "rest.port"));
  }

  String restUrl() {
    return rest.toString();
  }

  /**
   * The environment that submits the job to this cluster's REST endpoint. The user's cluster gets
   * this engine's jar with the job (its own classpath has Flink, not the workload's classes); a
   * cluster of this run already has it on every process's classpath.
   */
  StreamExecutionEnvironment remoteEnvironment() throws URISyntaxException {
    Configuration config = FlinkSettings.configuration(spec);
    if (spec.deployment().external()) {
      String jar =
          Path.of(FlinkCluster.class.getProtectionDomain().getCodeSource().getLocation().toURI())
              .toString();
      return StreamExecutionEnvironment.createRemoteEnvironment(
          rest.getHost(), rest.getPort(), config, jar);
    }
    return StreamExecutionEnvironment.createRemoteEnvironment(
        rest.getHost(), rest.getPort(), config);
  }

  /**
   * The Flink configuration of {@code process}: the run's settings, the cluster's addresses, the
   * task slots of a worker, and for a TaskManager its {@link #resourceId resource id}.
   */
  Configuration configuration(EngineProcess process) {
    Map<String, String> c = new HashMap<>(FlinkSettings.configuration(spec).toMap());
    c.put("jobmanager.rpc.address", "127.0.0.1");
    c.put("jobmanager.bind-host", "127.0.0.1");
    c.put("jobmanager.rpc.port", Integer.toString(rpcPort));
    c.put("rest.address", "127.0.0.1");
    c.put("rest.bind-address", "127.0.0.1");
    c.put("rest.port", Integer.toString(rest.getPort()));
    c.put("taskmanager.host", "127.0.0.1");
    c.put("taskmanager.bind-host", "127.0.0.1");
    c.put("taskmanager.numberOfTaskSlots", Integer.toString(spec.deployment().slotsPerWorker()));
    if (process.instance() != JobSpec.SOLE) {
      c.put("taskmanager.resource-id", resourceId(process));
    }
    // behind the link proxy: each process listens on its own port and is known by the proxy's,
    // which forwards to it (RPC and data exchange; the blob server stays direct)
    String bindPort = spec.setting(LINK + process.name() + ".bind-port", null);
    if (bindPort != null) {
      boolean jobManager = process.name().equals(JOBMANAGER);
      String role = jobManager ? "jobmanager" : "taskmanager";
      c.put(role + ".rpc.bind-port", bindPort);
      if (!jobManager) {
        c.put("taskmanager.rpc.port", spec.setting(LINK + process.name() + ".port", null));
      }
    }
    String dataBindPort = spec.setting(LINK + process.name() + ".data-bind-port", null);
    if (dataBindPort != null) {
      c.put("taskmanager.data.bind-port", dataBindPort);
      c.put("taskmanager.data.port", spec.setting(LINK + process.name() + ".data-port", null));
    }
    return Configuration.fromMap(c);
  }

  /**
   * The resource id of {@code process} as started in this JVM: its name and this JVM's pid ({@code
   * taskmanager-2-41733}), by which readiness and {@link TaskPlacement} find it. Unique per start,
   * as Flink's own scripts make it: a TaskManager restarted under its old id is closed by the
   * ResourceManager when the heartbeat of the killed one times out, a second failover the fault did
   * not cause.
   */
  static String resourceId(EngineProcess process) {
    return process.name() + "-" + ProcessHandle.current().pid();
  }

  /** Writes {@code config} as {@code config.yaml} in a directory of its own; returns it. */
  static Path writeConfigDir(Path dir, Configuration config) throws IOException {
    Files.createDirectories(dir);
    Files.write(
        dir.resolve(GlobalConfiguration.getFlinkConfFilename()),
        ConfigurationUtils.convertConfigToWritableLines(config, false),
        StandardCharsets.UTF_8);
    return dir;
  }

  /** GET of a REST path of the JobManager, or null while it does not answer 200. */
  JsonNode rest(String path) throws InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(rest.resolve(path)).timeout(Duration.ofSeconds(5)).GET().build();
    try {
      HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
    } catch (IOException e) {
      return null;
    }
  }
}
