package org.streambench.engine.spark;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.network.util.JavaUtils;
import org.streambench.api.GcLogOption;
import org.streambench.api.JobSpec;

/**
 * The engine settings of a Spark run: {@code spark.*} go verbatim into the SparkSession's
 * configuration ({@link #session}); {@code trigger.*} choose the trigger ({@link Triggers}); the
 * Kafka clients and the Kafka source and sink options are set in {@link KafkaIo}; {@code
 * log.progress} logs every micro-batch's progress.
 *
 * <p>On a cluster ({@code --deployment cluster}) the session is the driver of an application on the
 * standalone Master ({@link SparkCluster}), in client mode: N Workers, each offering {@code
 * slots-per-worker} cores, and one executor per Worker with that many cores ({@code
 * spark.executor.cores} = slots per worker, {@code spark.cores.max} = workers x slots per worker),
 * so that N workers and P parallelism mean N executor JVMs and N x S task slots, as for the other
 * engines.
 */
final class SparkSettings {
  private SparkSettings() {}

  /** A local master, loopback networking, no UI, then the {@code spark.*} settings. */
  static Map<String, String> session(JobSpec spec) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.master", "local[" + spec.parallelism() + "]");
    if (spec.deployment().cluster()) {
      conf.putAll(clusterSession(spec));
    } else if (spec.deployment().yarn()) {
      conf.putAll(yarnSession(spec));
    } else if (spec.deployment().external()) {
      conf.putAll(externalSession(spec));
    }
    conf.put("spark.app.name", "streambench " + spec.workload() + " " + spec.runId());
    // the driver on this machine's loopback: a cluster elsewhere needs --set spark.driver.host
    conf.put("spark.driver.host", "127.0.0.1");
    conf.put("spark.driver.bindAddress", "127.0.0.1");
    conf.put("spark.ui.enabled", "false");
    conf.put("spark.sql.shuffle.partitions", Integer.toString(spec.parallelism()));
    conf.put("spark.local.dir", spec.runDir().resolve("spark-local").toAbsolutePath().toString());
    conf.put(
        "spark.sql.warehouse.dir",
        spec.runDir().resolve("spark-warehouse").toAbsolutePath().toUri().toString());
    spec.settingsWithPrefix("spark.").forEach((k, v) -> conf.put("spark." + k, v));
    return conf;
  }

  /**
   * The driver's settings of a cluster deployment: the Master's URL, one executor of {@code
   * slots-per-worker} cores per Worker, and each executor's JVM options: this JVM's module options
   * (the engine's {@code --add-opens} list) and the run's tag, by which a run's processes are
   * found.
   */
  static Map<String, String> clusterSession(JobSpec spec) {
    SparkCluster cluster;
    try {
      cluster = SparkCluster.read(spec);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("the Master's ports are not published", e);
    }
    int slots = spec.deployment().slotsPerWorker();
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.master", cluster.masterUrl());
    conf.put("spark.submit.deployMode", "client");
    conf.put("spark.executor.cores", Integer.toString(slots));
    conf.put("spark.cores.max", Integer.toString(slots * spec.deployment().workers()));
    conf.put("spark.executor.memory", executorMemoryMb(spec) + "m");
    List<String> options = executorOptions(spec);
    options.addAll(GcLogOption.ofThisJvm()); // the executor logs its GC beside the driver's
    conf.put("spark.executor.extraJavaOptions", String.join(" ", options));
    conf.put("spark.executorEnv.SPARK_LOCAL_IP", "127.0.0.1");
    conf.put("spark.executorEnv.JAVA_HOME", System.getProperty("java.home"));
    return conf;
  }

  /**
   * An executor's JVM options: this JVM's module options (the engine's {@code --add-opens} list)
   * and the run's tag, by which a run's processes are found.
   */
  private static List<String> executorOptions(JobSpec spec) {
    List<String> options = new ArrayList<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens")
          || arg.startsWith("--add-exports")
          || arg.startsWith("-Djdk.reflect.")
          || arg.startsWith("-Dio.netty.")
          || arg.equals("-XX:+IgnoreUnrecognizedVMOptions")) {
        options.add(arg);
      }
    }
    options.add("-Dstreambench.run=" + spec.runId());
    return options;
  }

  /**
   * The driver's settings on YARN ({@code --deployment yarn}): client mode, the driver here and
   * YARN's application master ({@code ExecutorLauncher}) and one executor container of {@code
   * slots-per-worker} cores per worker, the engine jar as Spark's jars ({@code local:}, read where
   * it lies: the containers run on this machine), every address on 127.0.0.1. The YARN client finds
   * the ResourceManager in the Hadoop configuration on this process's classpath.
   */
  static Map<String, String> yarnSession(JobSpec spec) {
    Map<String, String> conf = new LinkedHashMap<>();
    List<String> jvm = executorOptions(spec);
    jvm.addAll(GcLogOption.ofThisJvm()); // the containers log their GC beside the driver's
    String options = String.join(" ", jvm);
    conf.put("spark.master", "yarn");
    conf.put("spark.submit.deployMode", "client");
    conf.put("spark.executor.instances", Integer.toString(spec.deployment().workers()));
    conf.put("spark.executor.cores", Integer.toString(spec.deployment().slotsPerWorker()));
    conf.put("spark.executor.memory", executorMemoryMb(spec) + "m");
    conf.put("spark.dynamicAllocation.enabled", "false");
    conf.put("spark.yarn.jars", "local:" + SparkCluster.engineJar());
    conf.put("spark.yarn.am.memory", "512m");
    conf.put("spark.yarn.am.extraJavaOptions", options);
    conf.put("spark.executor.extraJavaOptions", options);
    conf.put("spark.yarn.appMasterEnv.SPARK_LOCAL_IP", "127.0.0.1");
    conf.put("spark.executorEnv.SPARK_LOCAL_IP", "127.0.0.1");
    conf.put("spark.yarn.appMasterEnv.JAVA_HOME", System.getProperty("java.home"));
    conf.put("spark.executorEnv.JAVA_HOME", System.getProperty("java.home"));
    return conf;
  }

  /**
   * The driver's settings on the user's own standalone cluster: its master URL, client mode, at
   * most a core per task of the query, and the engine jar for the executors, whose classpath has
   * Spark but not the workload's classes nor the Kafka connector.
   */
  static Map<String, String> externalSession(JobSpec spec) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.master", spec.deployment().address());
    conf.put("spark.submit.deployMode", "client");
    conf.put("spark.cores.max", Integer.toString(spec.parallelism()));
    conf.put("spark.jars", SparkCluster.engineJar().toString());
    return conf;
  }

  /** The memory of an executor ({@code spark.executor.memory}, 1g by default) in MiB. */
  static long executorMemoryMb(JobSpec spec) {
    return JavaUtils.byteStringAsMb(spec.setting("spark.executor.memory", "1g"));
  }

  /**
   * System properties of a Master or Worker daemon (its {@code SparkConf}): no REST submission
   * server, no retrying of a port that is taken, then the run's {@code spark.master.*}, {@code
   * spark.worker.*} and {@code spark.deploy.*} settings.
   */
  static Map<String, String> daemonProperties(JobSpec spec) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("spark.master.rest.enabled", "false");
    // the ports were picked free and published: a port taken meanwhile fails the daemon at once
    // instead of moving it to the next port, where the others would not look
    props.put("spark.port.maxRetries", "0");
    spec.settingsWithPrefix("spark.")
        .forEach(
            (k, v) -> {
              if (k.startsWith("master.") || k.startsWith("worker.") || k.startsWith("deploy.")) {
                props.put("spark." + k, v);
              }
            });
    if ("FILESYSTEM".equals(props.get("spark.deploy.recoveryMode"))) {
      // the Master's state (applications, workers) where a Master started again finds it
      props.putIfAbsent(
          "spark.deploy.recoveryDirectory",
          spec.runDir().resolve("spark-recovery").toAbsolutePath().toString());
    }
    return props;
  }

  /** Setting {@code log.progress}: every micro-batch's progress (durations, rows) to the log. */
  static boolean logProgress(JobSpec spec) {
    return Boolean.parseBoolean(spec.setting("log.progress", "false"));
  }
}
