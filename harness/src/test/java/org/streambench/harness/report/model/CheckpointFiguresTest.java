package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.HdfsUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResultBuilder;
import org.streambench.verifier.Verdict;

class CheckpointFiguresTest {
  private static final long MB = 1 << 20;

  /** A fixed-rate run of 10 s warm-up and 20 s steady state. */
  private static RunResultBuilder run() {
    return RunResult.builder()
        .run("r", "/tmp/r", "flink", "wordcount")
        .setup(Mode.FIXED_RATE, Guarantee.EXACTLY_ONCE, 2, 2)
        .outcome(RunResult.Status.COMPLETED, null)
        .verdict(Verdict.Status.VALID, List.of())
        .config(Map.of("run.warmup", "10s", "run.duration", "20s"), "h");
  }

  private static Checkpoint checkpoint(double at, String status, long millis, long bytes) {
    return new Checkpoint(at, 1, status, millis, bytes, 8 * MB, 0, 0);
  }

  @Test
  void checkpointFiguresAreMediansOfTheSteadyStatesCompletedCheckpoints() {
    RunResult r =
        run()
            .checkpoints(
                List.of(
                    checkpoint(2, "completed", 9_000, 50 * MB), // warm-up: not counted
                    checkpoint(11, "completed", 100, MB),
                    checkpoint(12, "failed", 60_000, 40 * MB),
                    checkpoint(13, "completed", 300, 3 * MB),
                    checkpoint(14, "completed", 200, 2 * MB),
                    checkpoint(15, "completed", 250, -1))) // size not reported
            .build();
    assertEquals(200, Figure.CHECKPOINT_MEDIAN.of(r));
    assertEquals(2.0, Figure.CHECKPOINT_SIZE.of(r));
  }

  @Test
  void hdfsWrittenIsTheDataNodesCountOverTheRun() {
    RunResult onHdfs =
        run().hdfs(new HdfsUsage("hdfs://127.0.0.1:9000/x", 3, 5 * MB, 12 * MB, 4)).build();
    assertEquals(12.0, Figure.HDFS_WRITTEN.of(onHdfs));
    RunResult usersHadoop =
        run().hdfs(new HdfsUsage("hdfs://nn:8020/x", 3, 5 * MB, -1, -1)).build();
    assertTrue(Double.isNaN(Figure.HDFS_WRITTEN.of(usersHadoop)));
    assertTrue(Double.isNaN(Figure.HDFS_WRITTEN.of(run().build())));
    assertTrue(Double.isNaN(Figure.CHECKPOINT_SIZE.of(run().build())));
  }
}
