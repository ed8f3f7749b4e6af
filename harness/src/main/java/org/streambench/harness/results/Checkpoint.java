package org.streambench.harness.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.streambench.api.CheckpointLog;

/**
 * One checkpoint the engine reported ({@code CheckpointLog} of the api).
 *
 * @param atSecond when it was triggered, in seconds since the origin of the per-second series
 * @param id the engine's checkpoint id
 * @param status completed or failed, or batch for a Spark micro-batch's commit
 * @param durationMillis from its trigger to its last acknowledgement
 * @param checkpointedBytes bytes it wrote
 * @param stateBytes the full size of the state it covers
 * @param alignmentMillis the longest barrier alignment of any task (-1 if unknown)
 * @param startDelayMillis the longest time a barrier took to reach a task (-1 if unknown)
 */
public record Checkpoint(
    double atSecond,
    long id,
    String status,
    long durationMillis,
    long checkpointedBytes,
    long stateBytes,
    long alignmentMillis,
    long startDelayMillis) {

  /** The checkpoints an engine logged in {@code runDir}, timed as {@link #timed} does. */
  public static List<Checkpoint> read(Path runDir, long originMillis) throws IOException {
    return timed(CheckpointLog.read(runDir), originMillis);
  }

  /**
   * The engine's checkpoints in id order (Flink lists the newest first), timed on the per-second
   * series starting at {@code originMillis}.
   */
  public static List<Checkpoint> timed(List<CheckpointLog.Checkpoint> logged, long originMillis) {
    return logged.stream()
        .sorted(Comparator.comparingLong(CheckpointLog.Checkpoint::id))
        .map(
            c ->
                new Checkpoint(
                    originMillis < 0 ? Double.NaN : (c.triggeredAtMillis() - originMillis) / 1e3,
                    c.id(),
                    c.status(),
                    c.durationMillis(),
                    c.checkpointedBytes(),
                    c.stateBytes(),
                    c.alignmentMillis(),
                    c.startDelayMillis()))
        .toList();
  }
}
