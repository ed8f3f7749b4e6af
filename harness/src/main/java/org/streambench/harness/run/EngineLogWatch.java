package org.streambench.harness.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.streambench.api.EpochMicros;
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.results.RunResult;

/**
 * Reads the engine's logs as they grow, five times a second, and keeps the lines that match the
 * engine's {@code fault.noticed} pattern with the time they appeared: how the run learns when the
 * engine noticed a fault (a JobManager marking a TaskManager lost, a client's request to a broker
 * timing out), whatever each log's own time format. A line is stamped when it is read, so up to 0.2
 * s late, plus however long the engine's logger buffers it.
 */
final class EngineLogWatch implements AutoCloseable {
  private static final long PERIOD_MS = 200;
  private static final int MAX_SEEN = 10_000;
  private static final int MAX_LINE = 300;

  /** A matching line, when it was read, and whose log it is in. */
  private record Seen(long micros, String process, String line) {}

  private final Pattern pattern;
  private final Supplier<Map<String, Path>> logs;
  private final Map<Path, Long> offsets = new HashMap<>();
  private final Map<Path, String> partial = new HashMap<>();
  private final List<Seen> seen = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stopped;

  /**
   * @param pattern what a line that notices a fault looks like
   * @param logs each engine process's log file by process name, asked again each round (processes
   *     started again after a fault continue their files)
   */
  EngineLogWatch(Pattern pattern, Supplier<Map<String, Path>> logs) {
    this.pattern = pattern;
    this.logs = logs;
    this.thread = DaemonThreads.named("engine-log-watch").newThread(this::loop);
  }

  /** Starts reading, from the logs' current ends: what was logged before does not count. */
  void start() {
    logs.get().values().forEach(p -> offsets.put(p, p.toFile().length()));
    thread.start();
  }

  private void loop() {
    while (!stopped) {
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      logs.get().forEach(this::read);
    }
  }

  private void read(String process, Path log) {
    long from = offsets.getOrDefault(log, 0L);
    try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
      long length = f.length();
      if (length <= from) {
        return;
      }
      byte[] bytes = new byte[(int) Math.min(length - from, 4 << 20)];
      f.seek(from);
      f.readFully(bytes);
      offsets.put(log, from + bytes.length);
      String text = partial.getOrDefault(log, "") + new String(bytes, StandardCharsets.UTF_8);
      int end = text.lastIndexOf('\n');
      partial.put(log, text.substring(end + 1));
      long now = EpochMicros.now();
      for (String line : text.substring(0, end + 1).split("\n")) {
        if (pattern.matcher(line).find()) {
          keep(
              new Seen(
                  now, process, line.length() > MAX_LINE ? line.substring(0, MAX_LINE) : line));
        }
      }
    } catch (IOException e) {
      // not written yet, or gone with its process: the next round
    }
  }

  private synchronized void keep(Seen s) {
    if (seen.size() < MAX_SEEN) {
      seen.add(s);
    }
  }

  /** The first matching line read at or after {@code micros}, timed from it; or not seen. */
  synchronized RunResult.Notice noticeOf(long micros) {
    return seen.stream()
        .filter(s -> s.micros() >= micros)
        .findFirst()
        .map(s -> new RunResult.Notice((s.micros() - micros) / 1e6, s.process(), s.line()))
        .orElse(RunResult.Notice.NOT_SEEN);
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
  }
}
