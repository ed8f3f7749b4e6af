package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.harness.results.DiskUsage;

/** A process's storage writes are sampled from {@code /proc/<pid>/io}; threads have none. */
class DiskBytesTest {
  @Test
  @Timeout(60)
  void aProcessThatWritesToStorageIsSeenWritingBetweenTwoMarks() throws Exception {
    // under the build's target directory, on the checkout's disk: a tmpfs has no block I/O
    Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "disk-bytes");
    // 8 MB written and synced by a child of the watched shell
    Process writer =
        new ProcessBuilder(
                "sh",
                "-c",
                "sleep 2; dd if=/dev/zero of='"
                    + dir.resolve("data")
                    + "' bs=1M count=8 conv=fsync 2>/dev/null; sleep 30")
            .start();
    try (ProcessSampler sampler = new ProcessSampler()) {
      sampler.watch("engine", writer.pid());
      sampler.mark("start");
      assertNotNull(sampler.latest().get("engine").disk(), "the counters of a process");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      DiskUsage disk = null;
      while (System.nanoTime() < deadline) {
        Thread.sleep(500);
        sampler.mark("now");
        disk = sampler.diskBetween("engine", "start", "now");
        if (disk != null && disk.writtenBytesPerSecond() > 0) {
          break;
        }
      }
      assertNotNull(disk);
      // dd's writes count in the shell's counters once the shell has reaped it
      assertTrue(disk.writtenBytesPerSecond() > 0, "dd's writes: " + disk);
      sampler.watchThreads("harness", t -> true);
      assertNull(sampler.latest().get("harness").disk(), "threads of this JVM have no counters");
    } finally {
      writer.descendants().forEach(ProcessHandle::destroyForcibly);
      writer.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      Files.deleteIfExists(dir.resolve("data"));
      Files.deleteIfExists(dir);
    }
  }
}
