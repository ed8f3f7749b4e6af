package org.streambench.harness.run;

import java.util.Map;
import java.util.TreeMap;
import org.streambench.harness.hadoop.Hadoop;

/**
 * Where a run with {@code --checkpoint-storage hdfs} tells its engine to checkpoint: the setting
 * {@code checkpoint.uri}, {@code hdfs://HOST:PORT/streambench/<run id>/checkpoints} on the run's
 * Hadoop. Without it an engine checkpoints into the run directory, as it always did.
 */
final class CheckpointUri {
  /** The setting engines read it from. */
  static final String SETTING = "checkpoint.uri";

  private CheckpointUri() {}

  /** {@code settings}, with the checkpoint URI added where the run keeps checkpoints on HDFS. */
  static Map<String, String> with(
      Map<String, String> settings, RunRequest request, Hadoop hadoop, String runId) {
    if (request.checkpointStorage() != CheckpointStorage.HDFS) {
      return settings;
    }
    Map<String, String> out = new TreeMap<>(settings);
    out.put(SETTING, of(hadoop, runId));
    return out;
  }

  /** The run's checkpoint directory on {@code hadoop}'s file system. */
  static String of(Hadoop hadoop, String runId) {
    return hadoop.fsUri() + path(runId);
  }

  /** The run's checkpoint directory's path on HDFS. */
  static String path(String runId) {
    return "/streambench/" + runId + "/checkpoints";
  }
}
