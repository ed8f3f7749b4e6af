package org.streambench.engine.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.streambench.api.ClusterDaemon;
import org.streambench.api.JobSpec;
import org.streambench.api.PublishedPorts;

/**
 * A Spark standalone cluster on this machine, as the cluster deployment lays it out: a Master
 * ({@link SparkMaster}), one Worker per worker ({@link SparkWorker}), each Worker running one
 * executor JVM of its own, and the driver in the job process ({@link SparkEngine}, client mode),
 * all on 127.0.0.1. The Master picks its RPC and web UI ports and writes them to {@value
 * #PORTS_FILE} in the run directory, which the others read.
 *
 * <p>A Worker starts its executors with Spark's launcher ({@code WorkerCommandBuilder}), which
 * builds the executor's class path from a Spark distribution: {@code $SPARK_HOME/jars/*}, and the
 * Scala version from {@code SPARK_SCALA_VERSION} or a directory {@code
 * $SPARK_HOME/launcher/target/scala-2.13}. The engine's shaded jar holds Spark, its Kafka connector
 * and the job's classes, so {@link #sparkHome} lays out a home whose {@code jars/} is a link to
 * that one jar: executors load the job's classes from it too (no {@code spark.jars}, no class twice
 * on a class path).
 */
final class SparkCluster {
  static final String PORTS_FILE = "spark-cluster.properties";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final int masterPort;
  private final int masterUiPort;

  private SparkCluster(int masterPort, int masterUiPort) {
    this.masterPort = masterPort;
    this.masterUiPort = masterUiPort;
  }

  /**
   * The Master's view: picks free ports and publishes them for the other processes; a Master
   * started again after a fault takes the ports it published before, which the Workers and the
   * driver know.
   */
  static SparkCluster publish(JobSpec spec) throws IOException {
    if (PublishedPorts.isPublished(spec.runDir(), PORTS_FILE)) {
      return read(spec);
    }
    SparkCluster cluster = new SparkCluster(PublishedPorts.freePort(), PublishedPorts.freePort());
    PublishedPorts.publish(
        spec.runDir(),
        PORTS_FILE,
        Map.of("master.port", cluster.masterPort, "master.ui.port", cluster.masterUiPort),
        "the Spark Master");
    return cluster;
  }

  /** The view of a Worker or the driver, once the Master has published its ports. */
  static SparkCluster read(JobSpec spec) throws IOException {
    return new SparkCluster(
        PublishedPorts.read(spec.runDir(), PORTS_FILE, "master.port"),
        PublishedPorts.read(spec.runDir(), PORTS_FILE, "master.ui.port"));
  }

  int masterPort() {
    return masterPort;
  }

  int masterUiPort() {
    return masterUiPort;
  }

  String masterUrl() {
    return "spark://127.0.0.1:" + masterPort;
  }

  /**
   * The Master's state as its web UI's {@code /json/} shows it, or null while it does not answer.
   */
  JsonNode masterState() throws InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUiPort + "/json/"))
            .timeout(Duration.ofSeconds(5))
            .GET()
            .build();
    try {
      HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The Spark home the Workers' executor launcher reads, in the run directory: {@code jars/} with a
   * link to the engine's jar (the jar this class was loaded from) and the directory by which the
   * launcher tells the Scala version. Made once per run; safe to call from several processes.
   */
  static Path sparkHome(JobSpec spec) throws IOException {
    Path home = spec.runDir().resolve("spark-home").toAbsolutePath();
    Path jars = Files.createDirectories(home.resolve("jars"));
    Files.createDirectories(home.resolve("launcher").resolve("target").resolve("scala-2.13"));
    Files.createDirectories(home.resolve("conf"));
    Path engineJar = engineJar();
    Path link = jars.resolve(engineJar.getFileName());
    if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try {
        Files.createSymbolicLink(link, engineJar);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // made by another process of the run at the same moment
      }
    }
    return home;
  }

  /** The jar this engine runs from. */
  static Path engineJar() {
    try {
      Path jar =
          Path.of(SparkCluster.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(jar)) {
        throw new IllegalStateException("the Spark engine does not run from a jar: " + jar);
      }
      return jar.toAbsolutePath();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs a daemon of the cluster (the Master, a Worker) in this process, as Spark's scripts start
   * one: the environment checked ({@link #requireEnvironment}) and Spark's daemon properties set
   * ({@link SparkSettings#daemonProperties}) before {@code preparation} makes the daemon.
   */
  static void runDaemon(String[] args, ClusterDaemon.Preparation preparation) {
    ClusterDaemon.run(
        args,
        new SparkEngine(),
        (spec, process) -> {
          requireEnvironment();
          SparkSettings.daemonProperties(spec).forEach(System::setProperty);
          return preparation.prepare(spec, process);
        });
  }

  /**
   * Checks that the harness gave this process what Spark's scripts export before they start a
   * daemon ({@code cluster.env.*} in {@code engine.properties}): Spark reads {@code SPARK_HOME} (a
   * Worker's executor launcher) and {@code SPARK_LOCAL_IP} (what the web UIs bind) only from the
   * environment, and the executors inherit it.
   */
  static void requireEnvironment() {
    for (String name : List.of("SPARK_HOME", "SPARK_LOCAL_IP", "SPARK_SCALA_VERSION")) {
      if (System.getenv(name) == null) {
        throw new IllegalStateException(
            name + " is not set: engine.properties' cluster.env gives it to every process");
      }
    }
  }
}
