package org.streambench.harness.run;

import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import org.streambench.harness.Durations;

/**
 * Writes the harness's threads (each one's whole stack, the monitors and locks it holds and the one
 * it waits for) into the run directory when a wait of the run's stops moving. Each of {@link
 * RunContext}'s waits beats every pass (every 100 ms at most), so a wait without a beat for {@link
 * #STALLED} (30 s) is the harness stuck, and the file says where; once per run, and the run goes on
 * (what held it may let go).
 */
final class StallWatch implements AutoCloseable {
  static final String FILE = "harness-threads.txt";
  static final Duration STALLED = Duration.ofSeconds(30);

  private final Path file;
  private final Duration stalled;
  private final Consumer<String> progress;
  private final Thread watcher;
  private volatile long lastBeatNanos = System.nanoTime();
  private volatile boolean waiting;

  StallWatch(Path file, Duration stalled, Consumer<String> progress) {
    this.file = file;
    this.stalled = stalled;
    this.progress = progress;
    this.watcher = new Thread(this::watch, "stall-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  /** A wait starts. */
  void waiting() {
    beat();
    waiting = true;
  }

  /** A wait passes its loop once more. */
  void beat() {
    lastBeatNanos = System.nanoTime();
  }

  /** The wait is over. */
  void done() {
    waiting = false;
  }

  private void watch() {
    try {
      while (true) {
        Thread.sleep(Math.max(1, Math.min(1_000, stalled.toMillis() / 2)));
        if (waiting && System.nanoTime() - lastBeatNanos >= stalled.toNanos()) {
          Files.writeString(file, threads());
          progress.accept(
              "the harness has not moved for "
                  + Durations.format(stalled)
                  + " in a wait of the run: its threads are in "
                  + file);
          return;
        }
      }
    } catch (InterruptedException e) {
      // the run is over
    } catch (IOException e) {
      progress.accept("the harness is stuck, and its threads could not be written: " + e);
    }
  }

  /** Every thread of this JVM, as a thread dump has it, stacks in full. */
  static String threads() {
    StringBuilder out = new StringBuilder("threads of the harness at " + Instant.now() + "\n");
    for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
      out.append('\n')
          .append('"')
          .append(t.getThreadName())
          .append("\" ")
          .append(t.getThreadState());
      if (t.getLockInfo() != null) {
        out.append(" on ").append(t.getLockInfo());
      }
      if (t.getLockOwnerName() != null) {
        out.append(" owned by \"").append(t.getLockOwnerName()).append('"');
      }
      out.append('\n');
      StackTraceElement[] stack = t.getStackTrace();
      for (int i = 0; i < stack.length; i++) {
        out.append("\tat ").append(stack[i]).append('\n');
        for (MonitorInfo m : t.getLockedMonitors()) {
          if (m.getLockedStackDepth() == i) {
            out.append("\t- locked ").append(m).append('\n');
          }
        }
      }
      for (LockInfo l : t.getLockedSynchronizers()) {
        out.append("\t- holds ").append(l).append('\n');
      }
    }
    return out.toString();
  }

  @Override
  public void close() {
    watcher.interrupt();
  }
}
