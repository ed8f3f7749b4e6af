package org.streambench.engine.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import org.streambench.api.JobSpec;

/**
 * The engine settings of a Spark run: {@code spark.*} go verbatim into the SparkSession's
 * configuration ({@link #session}); {@code trigger.*} choose the trigger ({@link Triggers}); the
 * Kafka clients and the Kafka source and sink options are set in {@link KafkaIo}; {@code
 * log.progress} logs every micro-batch's progress.
 */
final class SparkSettings {
  private SparkSettings() {}

  /** A local master, loopback networking, no UI, then the {@code spark.*} settings. */
  static Map<String, String> session(JobSpec spec) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.master", "local[" + spec.parallelism() + "]");
    conf.put("spark.app.name", "streambench " + spec.workload() + " " + spec.runId());
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

  /** Setting {@code log.progress}: every micro-batch's progress (durations, rows) to the log. */
  static boolean logProgress(JobSpec spec) {
    return Boolean.parseBoolean(spec.setting("log.progress", "false"));
  }
}
