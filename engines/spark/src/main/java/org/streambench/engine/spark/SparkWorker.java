package org.streambench.engine.spark;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.deploy.worker.Worker;
import org.streambench.api.ClusterDaemon;
import org.streambench.api.PublishedPorts;

/**
 * A Worker of the cluster deployment: Spark's standalone {@code Worker}, as {@code start-worker.sh}
 * starts it, on 127.0.0.1, offering the worker's task slots as cores and exactly the memory of one
 * executor, so that it runs one executor of {@code slots-per-worker} cores ({@link
 * SparkSettings#session}). The executor is a JVM the Worker starts from the run's Spark home
 * ({@link SparkCluster#sparkHome}); its work directory (the executor's stdout and stderr) is {@code
 * spark-work-<name>} in the run directory. Ready once the Master lists it ALIVE.
 */
public final class SparkWorker {
  private SparkWorker() {}

  public static void main(String[] args) {
    SparkCluster.runDaemon(
        args,
        (spec, process) -> {
          SparkCluster.sparkHome(spec);
          Path local = spec.runDir().resolve("spark-local-" + process.name()).toAbsolutePath();
          // where the Worker makes the directories its executors spill and keep blocks in
          System.setProperty("spark.local.dir", Files.createDirectories(local).toString());
          SparkCluster cluster = SparkCluster.read(spec);
          int port = PublishedPorts.freePort();
          Path work =
              Files.createDirectories(
                  spec.runDir().resolve("spark-work-" + process.name()).toAbsolutePath());
          String[] workerArgs = {
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(port),
            "--webui-port",
            Integer.toString(PublishedPorts.freePort()),
            "--cores",
            Integer.toString(spec.deployment().slotsPerWorker()),
            "--memory",
            SparkSettings.executorMemoryMb(spec) + "m",
            "--work-dir",
            work.toString(),
            cluster.masterUrl()
          };
          return new ClusterDaemon.Daemon(
              () -> Worker.main(workerArgs), () -> registered(cluster.masterState(), port));
        });
  }

  /** Whether the Master lists the Worker on {@code port} as ALIVE. */
  private static boolean registered(JsonNode master, int port) {
    if (master == null) {
      return false;
    }
    for (JsonNode w : master.path("workers")) {
      if (w.path("port").asInt() == port
          && "127.0.0.1".equals(w.path("host").asText())
          && "ALIVE".equals(w.path("state").asText())) {
        return true;
      }
    }
    return false;
  }
}
