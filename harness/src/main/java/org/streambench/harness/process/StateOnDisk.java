package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.DaemonThreads;

/**
 * Bytes an engine keeps on disk for its state and checkpoints, sampled once a second: the sizes of
 * the files under the directories of the run directory that the engine's {@code state.dirs} names
 * (names or globs such as {@code kafka-streams*}). Files that vanish while they are counted (a
 * checkpoint being replaced, a compaction) are skipped.
 */
public final class StateOnDisk implements AutoCloseable {
  private final Path runDir;
  private final List<String> globs;
  private final List<Long> perSecond = new ArrayList<>();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("state-on-disk"));

  public StateOnDisk(Path runDir, List<String> globs) {
    this.runDir = runDir;
    this.globs = List.copyOf(globs);
  }

  /** Samples every second from now on. */
  public void start() {
    timer.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
  }

  /** Bytes on disk per second since {@link #start}. */
  public synchronized List<Long> perSecond() {
    return List.copyOf(perSecond);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  private void sample() {
    try {
      long bytes = bytes(runDir, globs);
      synchronized (this) {
        perSecond.add(bytes);
      }
    } catch (RuntimeException e) {
      // a directory that changed while walked: this second has no sample, the next one will
    }
  }

  /** Bytes of the files under the directories of {@code runDir} whose names match a glob. */
  static long bytes(Path runDir, List<String> globs) {
    long total = 0;
    for (String glob : globs) {
      try (DirectoryStream<Path> dirs = Files.newDirectoryStream(runDir, glob)) {
        for (Path dir : dirs) {
          total += treeBytes(dir);
        }
      } catch (IOException e) {
        // not there yet, or gone while counted: what could be read counts
      }
    }
    return total;
  }

  private static long treeBytes(Path dir) throws IOException {
    long[] sum = {0};
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (attrs.isRegularFile()) {
              sum[0] += attrs.size();
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) {
            return FileVisitResult.CONTINUE; // gone while counted
          }
        });
    return sum[0];
  }
}
