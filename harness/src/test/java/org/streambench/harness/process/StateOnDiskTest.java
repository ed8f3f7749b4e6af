package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateOnDiskTest {
  @Test
  void countsTheFilesUnderTheNamedDirectoriesOnly(@TempDir Path run) throws Exception {
    Files.createDirectories(run.resolve("kafka-streams-1/0_0/rocksdb"));
    Files.write(run.resolve("kafka-streams-1/0_0/rocksdb/000001.sst"), new byte[1000]);
    Files.createDirectories(run.resolve("kafka-streams-2"));
    Files.write(run.resolve("kafka-streams-2/.lock"), new byte[24]);
    Files.createDirectories(run.resolve("checkpoints/chk-1"));
    Files.write(run.resolve("checkpoints/chk-1/_metadata"), new byte[300]);
    Files.write(run.resolve("engine.log"), new byte[5000]);
    assertEquals(1024, StateOnDisk.bytes(run, List.of("kafka-streams*")));
    assertEquals(1324, StateOnDisk.bytes(run, List.of("kafka-streams*", "checkpoints")));
    assertEquals(0, StateOnDisk.bytes(run, List.of("rocksdb")), "absent: nothing yet");
    assertEquals(0, StateOnDisk.bytes(run.resolve("missing"), List.of("checkpoints")));
  }

  @Test
  void samplesOnceASecond(@TempDir Path run) throws Exception {
    Files.createDirectories(run.resolve("checkpoints"));
    try (StateOnDisk s = new StateOnDisk(run, List.of("checkpoints"))) {
      s.start();
      awaitSamples(s, 1);
      Files.write(run.resolve("checkpoints/a"), new byte[100]);
      awaitSamples(s, 2);
      List<Long> series = s.perSecond();
      assertEquals(0L, series.get(0));
      assertTrue(series.get(1) == 100L, series.toString());
    }
  }

  private static void awaitSamples(StateOnDisk s, int n) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (s.perSecond().size() < n && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }
}
