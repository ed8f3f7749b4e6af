package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.results.GcSecond;
import org.streambench.harness.results.GcSummary;

class GcLogTest {
  // G1's lines as JDK 17 writes them with -Xlog:gc:file=...:timemillis
  private static final List<String> LOG =
      List.of(
          "[1000ms] Using G1",
          "[1100ms] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->2M(64M) 1.393ms",
          "[2100ms] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 22M->3M(64M) 1.122ms",
          "[2500ms] GC(2) Pause Remark 10M->10M(64M) 2.939ms",
          "[2600ms] GC(2) Concurrent Mark Cycle 17.481ms",
          "[3100ms] GC(3) Pause Full (System.gc()) 1G->512K(14M) 20.5ms");

  @Test
  void pausesInTheWindowWithAllocationSinceThePauseBefore(@TempDir Path dir) throws Exception {
    Files.write(GcLog.file(dir, 42), LOG);
    GcSummary gc = GcLog.summarize(List.of(GcLog.file(dir, 42)), 2000, 3000);
    assertEquals(2, gc.pauses(), "GC(1) and the remark; GC(0) and the full GC are outside");
    assertEquals(1.122 + 2.939, gc.pauseTotalMillis(), 1e-9);
    assertEquals(2.939, gc.pauseMaxMillis(), 1e-9);
    assertEquals(10L << 20, gc.heapAfterGcMaxBytes());
    // 22M - 2M before GC(1), 10M - 3M before the remark, over 1 s
    assertEquals((20L << 20) + (7L << 20), gc.allocationBytesPerSecond(), 1e-6);
  }

  @Test
  void severalProcessesAddUp(@TempDir Path dir) throws Exception {
    Files.write(GcLog.file(dir, 1), LOG);
    Files.write(GcLog.file(dir, 2), LOG);
    GcSummary gc = GcLog.summarize(List.of(GcLog.file(dir, 1), GcLog.file(dir, 2)), 3000, 4000);
    assertEquals(2, gc.pauses());
    assertEquals(20.5, gc.pauseMaxMillis(), 1e-9);
    assertEquals(512L << 10, gc.heapAfterGcMaxBytes());
  }

  @Test
  void theFirstPauseCountsFromAnEmptyHeapAndNoPauseLeavesAllocationUnknown(@TempDir Path dir)
      throws Exception {
    Files.write(GcLog.file(dir, 3), LOG);
    GcSummary first = GcLog.summarize(List.of(GcLog.file(dir, 3)), 1000, 1500);
    assertEquals(6L << 21, first.allocationBytesPerSecond(), 1e-6, "6M in 0.5 s");
    GcSummary none = GcLog.summarize(List.of(GcLog.file(dir, 3)), 5000, 6000);
    assertEquals(0, none.pauses());
    assertEquals(-1, none.heapAfterGcMaxBytes());
    assertTrue(Double.isNaN(none.allocationBytesPerSecond()));
  }

  @Test
  void pausesPerSecondOfTheRunFromItsOrigin(@TempDir Path dir) throws Exception {
    Files.write(GcLog.file(dir, 1), LOG);
    Files.write(GcLog.file(dir, 2), LOG.subList(0, 3));
    List<GcSecond> seconds =
        GcLog.perSecond(List.of(GcLog.file(dir, 1), GcLog.file(dir, 2), GcLog.file(dir, 3)), 1050);
    assertEquals(
        List.of(
            new GcSecond(0, 2, 2 * 1.393, 2L << 20), // GC(0) of both processes
            new GcSecond(1, 3, 2 * 1.122 + 2.939, 10L << 20), // GC(1) of both, the remark
            new GcSecond(2, 1, 20.5, 512L << 10)), // the full GC
        seconds);
    assertTrue(GcLog.perSecond(List.of(GcLog.file(dir, 1)), 3200).isEmpty(), "all before");
  }

  @Test
  void noLogIsUnknown(@TempDir Path dir) throws Exception {
    assertNull(GcLog.summarize(List.of(GcLog.file(dir, 7)), 0, 1000));
  }

  @Test
  void aJvmStartedWithTheOptionsWritesALogThisReads(@TempDir Path dir) throws Exception {
    List<String> cmd =
        new java.util.ArrayList<>(
            List.of(org.streambench.harness.Home.javaBinary().toString(), "-Xmx32m"));
    cmd.addAll(GcLog.jvmOptions(dir));
    cmd.addAll(List.of("-XX:+UseG1GC", "-version"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    p.waitFor();
    Path log = GcLog.file(dir, p.pid());
    List<String> lines = Files.readAllLines(log);
    assertEquals(true, lines.get(0).matches("\\[\\d+ms\\] Using G1"), lines.toString());
  }
}
