package org.streambench.harness.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.Home;

/**
 * A Spark standalone cluster as a user runs one, started the way {@code start-master.sh} and {@code
 * start-worker.sh} start it: a Spark home whose {@code jars/} holds Spark's jars only, {@code
 * SPARK_HOME} and {@code SPARK_LOCAL_IP} in the environment, the module options Spark's launcher
 * adds, a Master and one Worker with {@code cores} cores.
 */
final class UserSparkCluster extends UserCluster {
  private final int masterPort;
  private final int uiPort;

  private UserSparkCluster(Path dir) throws IOException {
    super(dir, "spark");
    this.masterPort = PublishedPorts.freePort();
    this.uiPort = PublishedPorts.freePort();
  }

  /** Starts the cluster in {@code dir}; returns once its Worker is ALIVE with its cores. */
  static UserSparkCluster start(Path dir, int cores) throws Exception {
    return bringUp(
        new UserSparkCluster(dir),
        cluster -> {
          Path home = cluster.sparkHome();
          Map<String, String> env =
              Map.of(
                  "SPARK_HOME",
                  home.toString(),
                  "SPARK_LOCAL_IP",
                  "127.0.0.1",
                  "SPARK_SCALA_VERSION",
                  "2.13",
                  "JAVA_HOME",
                  System.getProperty("java.home"));
          String classpath = home.resolve("jars") + "/*";
          List<String> jvm = moduleOptions();
          cluster.start(
              "master",
              jvm,
              classpath,
              "org.apache.spark.deploy.master.Master",
              List.of(
                  "--host", "127.0.0.1",
                  "--port", Integer.toString(cluster.masterPort),
                  "--webui-port", Integer.toString(cluster.uiPort)),
              env);
          cluster.start(
              "worker",
              jvm,
              classpath,
              "org.apache.spark.deploy.worker.Worker",
              List.of(
                  cluster.address(),
                  "--host",
                  "127.0.0.1",
                  "--port",
                  Integer.toString(PublishedPorts.freePort()),
                  "--webui-port",
                  Integer.toString(PublishedPorts.freePort()),
                  "--cores",
                  Integer.toString(cores),
                  "--memory",
                  "1g",
                  "--work-dir",
                  Files.createDirectories(dir.resolve("work")).toString()),
              env);
          cluster.await(
              "a worker with " + cores + " cores",
              Duration.ofSeconds(90),
              () ->
                  cluster.state().path("aliveworkers").asInt() >= 1
                      && cluster.state().path("cores").asInt() >= cores);
        });
  }

  @Override
  String address() {
    return "spark://127.0.0.1:" + masterPort;
  }

  @Override
  boolean idle() throws IOException, InterruptedException {
    return state().path("activeapps").isEmpty() && state().path("coresused").asInt() == 0;
  }

  /** The Master's {@code /json/}: workers, cores, applications. */
  JsonNode state() throws IOException, InterruptedException {
    return getJson("http://127.0.0.1:" + uiPort + "/json/");
  }

  /** A distribution's layout: {@code jars/} with Spark's jars, as the executor launcher wants. */
  private Path sparkHome() throws IOException {
    Path home = dir.resolve("spark");
    Path jarsDir = Files.createDirectories(home.resolve("jars"));
    Files.createDirectories(home.resolve("conf"));
    for (String jar : jars) {
      Path from = Path.of(jar);
      Files.createSymbolicLink(jarsDir.resolve(from.getFileName()), from);
    }
    return home;
  }

  /** What Spark's launcher adds to every JVM (the list the engine's JVMs get too). */
  private static List<String> moduleOptions() throws IOException {
    Path properties = Home.detect().root().resolve("engines/spark/engine.properties");
    for (String line : Files.readAllLines(properties)) {
      if (line.startsWith("jvm.options.all=")) {
        return words(line.substring("jvm.options.all=".length()));
      }
    }
    throw new IllegalStateException("no jvm.options.all in " + properties);
  }
}
