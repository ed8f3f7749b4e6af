package org.streambench.engine.kafkastreams;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;
import org.streambench.api.WorkloadParams;

/**
 * The run's StreamsConfig and state stores, from the engine settings: {@code streams.*} verbatim,
 * {@code kafka.consumer.*} / {@code kafka.producer.*} as Kafka Streams' {@code consumer.*} / {@code
 * producer.*} client properties, {@code state.store} (rocksdb or in-memory) for every store, {@code
 * instances}.
 */
final class StreamsSettings {
  static final String ROCKSDB = "rocksdb";
  static final String IN_MEMORY = "in-memory";

  private StreamsSettings() {}

  static Properties config(JobSpec spec) {
    Properties p = new Properties();
    p.put(StreamsConfig.APPLICATION_ID_CONFIG, spec.runId());
    p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
    // a cluster instance runs its share of the parallelism, with its own state directory; one
    // without a share runs one thread, a spare that joins the group and takes tasks over
    p.put(
        StreamsConfig.NUM_STREAM_THREADS_CONFIG,
        Integer.toString(Math.max(1, spec.tasks().length)));
    p.put(
        StreamsConfig.STATE_DIR_CONFIG,
        spec.runDir().resolve("kafka-streams" + spec.instanceSuffix()).toAbsolutePath().toString());
    if (spec.instance() != JobSpec.SOLE) {
      // never bound: it only makes every instance visible in the application's metadata, which
      // readiness reads to see all input partitions assigned across the instances
      p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, "127.0.0.1:" + spec.instance());
    }
    p.put(
        StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG,
        inMemory(spec)
            ? BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class
            : BuiltInDslStoreSuppliers.RocksDBDslStoreSuppliers.class);
    p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    if (spec.instance() != JobSpec.SOLE
        && Boolean.parseBoolean(spec.setting("static.membership", "false"))) {
      // static membership: an instance started again under its old name takes its tasks back
      // without a rebalance (Kafka Streams appends each thread's index to the id)
      p.put(
          StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
          spec.runId() + "-instance-" + spec.instance());
    }
    // A window that emits on close (Nexmark's q7, q8) is emitted as a record advances stream time
    // past it, but Kafka Streams looks for closed windows at most once a second of wall-clock time
    // (an internal setting): the end marker, the last record, may come within that second of the
    // last look and would leave the last windows unemitted. 0: look on every record that advances
    // stream time (a store range read only when that closes a window).
    p.put(StreamsConfig.InternalConfig.EMIT_INTERVAL_MS_KSTREAMS_WINDOWED_AGGREGATION, "0");
    p.putAll(spec.settingsWithPrefix("streams."));
    KafkaClientSettings.consumer(spec).forEach((k, v) -> p.put(StreamsConfig.consumerPrefix(k), v));
    KafkaClientSettings.producer(spec).forEach((k, v) -> p.put(StreamsConfig.producerPrefix(k), v));
    if (spec.workload().equals("ysb")) {
      p.put(
          StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
          Long.toString(YsbTopology.commitIntervalMs(spec, commitIntervalMs(p))));
    }
    return p;
  }

  /**
   * The grace period of event-time windows (ysb, uricount): {@code out.of.orderness.ms +
   * lateness.ms} plus the engine setting {@code job.window.skew.ms}. Kafka Streams' stream time is
   * per task the highest record timestamp it has seen; after a repartition a task reads the records
   * of every upstream task interleaved, so one that runs behind another (startup, a GC pause, a
   * commit) delivers records that look late by that skew, and a grace without it drops them.
   * Flink's watermark takes the minimum over its inputs instead. Windows here emit on every cache
   * flush, so grace costs no latency; it only decides how long a window accepts records and is
   * kept.
   */
  static Duration grace(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    return Duration.ofMillis(
        params.longValue("out.of.orderness.ms")
            + params.longValue("lateness.ms")
            + Long.parseLong(spec.setting("job.window.skew.ms", "0")));
  }

  /** KafkaStreams clients in this process: the setting locally, one per process in a cluster. */
  static int instances(JobSpec spec) {
    if (spec.instance() != JobSpec.SOLE) {
      return 1;
    }
    int n = Integer.parseInt(spec.setting("instances", "1"));
    if (n < 1) {
      throw new IllegalArgumentException("engine setting 'instances' must be at least 1");
    }
    return n;
  }

  /** The configured commit interval, else Kafka Streams' default for the guarantee. */
  static long commitIntervalMs(Properties config) {
    Object v = config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG);
    if (v != null) {
      return Long.parseLong(v.toString());
    }
    return StreamsConfig.AT_LEAST_ONCE.equals(
            config.getOrDefault(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, "at_least_once"))
        ? 30_000
        : 100;
  }

  /**
   * A key-value store of strings on the configured state backend, with a record cache: repeated
   * updates of a key between two commits reach the store and its changelog topic once.
   */
  static StoreBuilder<KeyValueStore<String, String>> keyValueStore(JobSpec spec, String name) {
    KeyValueBytesStoreSupplier supplier =
        inMemory(spec) ? Stores.inMemoryKeyValueStore(name) : Stores.persistentKeyValueStore(name);
    return Stores.keyValueStoreBuilder(supplier, Serdes.String(), Serdes.String())
        .withCachingEnabled();
  }

  private static boolean inMemory(JobSpec spec) {
    String store = spec.setting("state.store", ROCKSDB);
    return switch (store) {
      case ROCKSDB -> false;
      case IN_MEMORY -> true;
      default ->
          throw new IllegalArgumentException(
              "engine setting state.store must be rocksdb or in-memory, not '" + store + "'");
    };
  }
}
