package org.streambench.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;

class SparkClusterTest {
  private static JobSpec spec(Path runDir, Map<String, String> settings) {
    return new JobSpec(
        "run-7",
        "identity",
        "127.0.0.1:9092",
        "in",
        "out",
        Guarantee.AT_LEAST_ONCE,
        6,
        runDir,
        settings,
        Map.of(),
        new Deployment(Deployment.Kind.CLUSTER, 3, 2),
        JobSpec.SOLE);
  }

  @Test
  void theDriverAsksForOneExecutorOfSlotsCoresPerWorker(@TempDir Path runDir) throws Exception {
    SparkCluster published = SparkCluster.publish(spec(runDir, Map.of()));
    Map<String, String> conf =
        SparkSettings.session(spec(runDir, Map.of("spark.executor.memory", "768m")));
    assertEquals("spark://127.0.0.1:" + published.masterPort(), conf.get("spark.master"));
    assertEquals("2", conf.get("spark.executor.cores"));
    assertEquals("6", conf.get("spark.cores.max"));
    assertEquals("6", conf.get("spark.sql.shuffle.partitions"));
    assertEquals("768m", conf.get("spark.executor.memory"));
    assertEquals("127.0.0.1", conf.get("spark.driver.bindAddress"));
    assertTrue(
        conf.get("spark.executor.extraJavaOptions").endsWith("-Dstreambench.run=run-7"),
        conf.get("spark.executor.extraJavaOptions"));
    assertEquals(
        768, SparkSettings.executorMemoryMb(spec(runDir, Map.of("spark.executor.memory", "768m"))));
    assertEquals(1024, SparkSettings.executorMemoryMb(spec(runDir, Map.of())));
    SparkCluster read = SparkCluster.read(spec(runDir, Map.of()));
    assertEquals(published.masterUiPort(), read.masterUiPort());
  }

  @Test
  void daemonsGetOnlyTheirOwnSettings(@TempDir Path runDir) {
    Map<String, String> props =
        SparkSettings.daemonProperties(
            spec(
                runDir, Map.of("spark.worker.timeout", "30", "spark.sql.shuffle.partitions", "4")));
    assertEquals(
        Map.of(
            "spark.master.rest.enabled",
            "false",
            "spark.port.maxRetries",
            "0",
            "spark.worker.timeout",
            "30"),
        props);
  }

  @Test
  void sparkHomeLinksTheEngineJarWhenRunFromOne(@TempDir Path runDir) throws Exception {
    // in unit tests the classes come from target/classes, not a jar: the layout is refused
    try {
      SparkCluster.sparkHome(spec(runDir, Map.of()));
    } catch (IllegalStateException e) {
      assertTrue(e.getMessage().contains("does not run from a jar"), e.getMessage());
      return;
    }
    assertTrue(Files.isDirectory(runDir.resolve("spark-home/launcher/target/scala-2.13")));
  }
}
