package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.streambench.api.JobSpec;

/**
 * The engine settings of a Storm run: {@code storm.*} go verbatim (without the prefix) into the
 * topology's {@link Config} and the cluster's daemon config, numbers and booleans parsed to the
 * types Storm validates; {@code kafka.consumer.*} / {@code kafka.producer.*} into the KafkaSpout's
 * consumer and KafkaBolt's producer; {@code spout.processing-guarantee} is the KafkaSpout's
 * ProcessingGuarantee; {@code job.workers} is the number of worker slots (topology.workers) and
 * {@code job.executors.spout}, {@code job.executors.bolt}, {@code job.executors.sink} the executors
 * of the Kafka spout (or in-job source), of each workload bolt and of the Kafka sink (or in-job
 * tally); 0 means the job's parallelism.
 */
final class StormSettings {
  private static final Pattern INTEGER = Pattern.compile("-?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d*\\.\\d+([eE]-?\\d+)?");

  private StormSettings() {}

  /** The {@code storm.*} settings without the prefix, typed, plus {@code job.workers}. */
  static Config topologyConfig(JobSpec spec) {
    Config conf = new Config();
    conf.putAll(storm(spec));
    conf.setNumWorkers(workers(spec));
    return conf;
  }

  /** The {@code storm.*} settings without the prefix, typed: the local cluster's daemon config. */
  static Map<String, Object> storm(JobSpec spec) {
    Map<String, Object> conf = new HashMap<>();
    spec.settingsWithPrefix("storm.").forEach((k, v) -> conf.put(k, typed(v)));
    return conf;
  }

  /** A setting's value as Storm's config validators want it: Long, Double, Boolean or String. */
  static Object typed(String value) {
    String v = value.trim();
    if (v.equals("true") || v.equals("false")) {
      return Boolean.valueOf(v);
    }
    if (v.equals("null") || v.equals("~")) {
      return null;
    }
    if (INTEGER.matcher(v).matches()) {
      return Long.valueOf(v);
    }
    if (DECIMAL.matcher(v).matches()) {
      return Double.valueOf(v);
    }
    return value;
  }

  static int workers(JobSpec spec) {
    return Math.max(1, Integer.parseInt(spec.setting("job.workers", "1")));
  }

  /** Executors of a kind of component ({@code spout}, {@code bolt}, {@code sink}). */
  static int executors(JobSpec spec, String component) {
    int n = Integer.parseInt(spec.setting("job.executors." + component, "0"));
    return n > 0 ? n : spec.parallelism();
  }
}
