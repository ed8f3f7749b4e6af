package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StallWatchTest {
  @TempDir Path dir;

  @Test
  void aWaitThatStopsBeatingHasTheThreadsWrittenWithWhereItIsStuck() throws Exception {
    Path file = dir.resolve(StallWatch.FILE);
    List<String> said = new CopyOnWriteArrayList<>();
    Object held = new Object();
    Object waitedOn = new Object();
    // the main thread stays in wait() until the watch has written the file and said so: polling
    // the file instead let the dump catch it RUNNABLE between two waits
    Consumer<String> progress =
        line -> {
          synchronized (waitedOn) {
            said.add(line);
            waitedOn.notifyAll();
          }
        };
    try (StallWatch watch = new StallWatch(file, Duration.ofMillis(200), progress)) {
      watch.waiting();
      synchronized (held) {
        synchronized (waitedOn) {
          long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
          long left;
          while (said.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
            waitedOn.wait(Math.max(1, left / 1_000_000));
          }
        }
      }
    }
    String threads = Files.readString(file);
    assertTrue(
        threads.contains("aWaitThatStopsBeatingHasTheThreadsWrittenWithWhereItIsStuck"), threads);
    assertTrue(threads.contains("\"main\" TIMED_WAITING on java.lang.Object@"), threads);
    assertTrue(threads.contains("- locked java.lang.Object@"), threads);
    assertTrue(said.get(0).contains(file.toString()), said::toString);
  }

  @Test
  void aWaitThatBeatsOrIsDoneIsLeftAlone() throws Exception {
    Path file = dir.resolve(StallWatch.FILE);
    try (StallWatch watch = new StallWatch(file, Duration.ofMillis(200), s -> {})) {
      watch.waiting();
      for (int i = 0; i < 20; i++) {
        Thread.sleep(50);
        watch.beat();
      }
      watch.done();
      Thread.sleep(600);
    }
    assertFalse(Files.exists(file));
  }
}
