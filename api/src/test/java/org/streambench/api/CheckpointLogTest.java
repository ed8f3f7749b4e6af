package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointLogTest {
  @TempDir Path runDir;

  @Test
  void checkpointsAreReadBackInTheOrderWritten() throws Exception {
    CheckpointLog.Checkpoint first =
        new CheckpointLog.Checkpoint(1, "completed", 1_000, 42, 4_096, 8_192, 3, 7);
    CheckpointLog.Checkpoint second =
        new CheckpointLog.Checkpoint(2, "failed", 2_000, 10_000, 0, 0, -1, -1);
    CheckpointLog.append(runDir, first);
    CheckpointLog.append(runDir, second);

    assertEquals(List.of(first, second), CheckpointLog.read(runDir));
  }

  @Test
  void aRunWithoutCheckpointsHasNone() throws Exception {
    assertTrue(CheckpointLog.read(runDir).isEmpty());
  }

  @Test
  void aLineCutShortByAKilledEngineIsLeftOut() throws Exception {
    CheckpointLog.Checkpoint c = new CheckpointLog.Checkpoint(1, "completed", 1, 2, 3, 4, 5, 6);
    CheckpointLog.append(runDir, c);
    Files.writeString(
        runDir.resolve(CheckpointLog.FILE), "2,completed,17", StandardOpenOption.APPEND);

    assertEquals(List.of(c), CheckpointLog.read(runDir));
  }
}
