package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.WorkLog;
import org.streambench.harness.results.RunResult;

/** Workers' shares from their engines' logs: spares, takeovers, and which worker a fault passes. */
class WorkerSharesTest {
  @TempDir Path runDir;

  @Test
  void aSpareThatTookOverSaysWhen() throws Exception {
    Files.writeString(runDir.resolve(WorkLog.file(1)), "1000\tin-0\n");
    Files.writeString(runDir.resolve(WorkLog.file(2)), "1200\t\n21500\tin-0\n");
    List<RunResult.WorkerShare> shares =
        WorkerShares.read(
            runDir, List.of("instance-1", "instance-2", "instance-3"), 5_000, s -> {});
    assertEquals(2, shares.size(), "instance-3 logged nothing: no share reported");
    assertEquals("in-0", shares.get(0).describe());
    assertFalse(shares.get(1).idle());
    assertEquals(16.5, shares.get(1).changes().get(1).atSeconds(), 1e-9);
    assertEquals("none; in-0 from 16.5 s", shares.get(1).describe());
  }

  @Test
  void aWorkerThatNeverHeldAnythingIsASpare() throws Exception {
    Files.writeString(runDir.resolve(WorkLog.file(1)), "1000\tin-0,in-2\n9000\tin-0,in-1,in-2\n");
    // in-1 while the group was still forming, before the steady state
    Files.writeString(runDir.resolve(WorkLog.file(2)), "1000\tin-1\n2000\t\n");
    List<RunResult.WorkerShare> shares =
        WorkerShares.read(runDir, List.of("instance-1", "instance-2"), 5_000, s -> {});
    assertEquals("in-0 in-2; in-0 in-1 in-2 from 4.0 s", shares.get(0).describe());
    assertTrue(shares.get(1).idle());
    assertEquals("none (a spare)", shares.get(1).describe());
    assertTrue(WorkerShares.holdsNothing(runDir, 2), "a fault passes the spare over");
    assertFalse(WorkerShares.holdsNothing(runDir, 1));
    assertFalse(WorkerShares.holdsNothing(runDir, 3), "an engine that logs nothing: no spares");
  }
}
