package org.streambench.engine.flink;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.streambench.api.JobSpec;

/**
 * The engine settings of a Flink run: {@code flink.*} go verbatim (without the prefix) into the
 * job's {@link Configuration}; {@code kafka.consumer.*} / {@code kafka.producer.*} into the
 * KafkaSource's consumer and the KafkaSink's producer ({@link KafkaIo}); {@code
 * sink.delivery-guarantee} is the KafkaSink's DeliveryGuarantee; {@code job.*} are knobs of the
 * jobs themselves.
 */
final class FlinkSettings {
  /**
   * Where the harness asks for checkpoints ({@code --checkpoint-storage hdfs}: a directory on HDFS,
   * reached through Hadoop's client on the process's classpath); the run directory without it.
   */
  static final String CHECKPOINT_URI = "checkpoint.uri";

  private FlinkSettings() {}

  /**
   * The {@code flink.*} settings, plus checkpoint (the setting {@link #CHECKPOINT_URI} where the
   * harness gives one), RocksDB, temporary and working directories under the run directory unless
   * the settings name them: file-system checkpoint storage is what RocksDB and incremental
   * checkpoints need, and the run directory keeps them beside the run's other files. The working
   * directory matters most: a TaskManager with a fixed resource id keeps it (slot allocation
   * snapshots, local state) after it exits, so under Flink's default, {@code /tmp/tm_<resource
   * id>}, one run's would be left behind and found by the next run's TaskManager of the same name.
   */
  static Configuration configuration(JobSpec spec) {
    Map<String, String> flink = new HashMap<>(spec.settingsWithPrefix("flink."));
    if (!flink.containsKey("execution.checkpointing.dir")
        && !flink.containsKey("state.checkpoints.dir")) {
      flink.put(
          "execution.checkpointing.dir",
          spec.setting(
              CHECKPOINT_URI,
              spec.runDir().resolve("checkpoints").toAbsolutePath().toUri().toString()));
    }
    flink.putIfAbsent(
        "state.backend.rocksdb.localdir",
        spec.runDir().resolve("rocksdb").toAbsolutePath().toString());
    // Flink's temporary files (the RPC system's jar, 24 MB, extracted by every process; blobs,
    // shuffle files) in the run, not java.io.tmpdir: a process killed by a fault or at the end of
    // a run cannot delete them, and in /tmp they outlived the run
    flink.putIfAbsent(
        "io.tmp.dirs", spec.runDir().resolve("flink-tmp").toAbsolutePath().toString());
    flink.putIfAbsent(
        "process.working-dir",
        spec.runDir().resolve("flink-working-dir").toAbsolutePath().toString());
    return Configuration.fromMap(flink);
  }
}
