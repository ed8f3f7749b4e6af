package org.streambench.engine.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.apache.spark.sql.streaming.StateOperatorProgress;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.streambench.api.CheckpointLog;

/**
 * Spark's checkpoints, as its query progress reports them: every micro-batch writes its offsets to
 * the checkpoint's offset log before it runs ({@code walCommit}) and marks it done in the commit
 * log after ({@code commitOffsets}). Each batch goes to the run's {@link CheckpointLog} with those
 * two writes as its duration and the state stores' memory as its state; sizes written and barrier
 * figures Spark does not have (-1).
 */
final class BatchCommits extends StreamingQueryListener {
  private final Path runDir;

  BatchCommits(Path runDir) {
    this.runDir = runDir;
  }

  @Override
  public void onQueryStarted(QueryStartedEvent event) {}

  @Override
  public void onQueryProgress(QueryProgressEvent event) {
    StreamingQueryProgress p = event.progress();
    Map<String, Long> durations = p.durationMs();
    if (!durations.containsKey("walCommit") && !durations.containsKey("commitOffsets")) {
      return; // a progress report without a batch (the query idles)
    }
    long state = 0;
    for (StateOperatorProgress op : p.stateOperators()) {
      state += op.memoryUsedBytes();
    }
    try {
      CheckpointLog.append(
          runDir,
          new CheckpointLog.Checkpoint(
              p.batchId(),
              "batch",
              Instant.parse(p.timestamp()).toEpochMilli(),
              durations.getOrDefault("walCommit", 0L) + durations.getOrDefault("commitOffsets", 0L),
              -1,
              state,
              -1,
              -1));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void onQueryTerminated(QueryTerminatedEvent event) {}
}
