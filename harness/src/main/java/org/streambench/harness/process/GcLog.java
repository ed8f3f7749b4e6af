package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.results.GcSecond;
import org.streambench.harness.results.GcSummary;

/**
 * Garbage collection of the JVMs the harness starts (engine processes, Kafka nodes), read from the
 * unified GC log each writes because the harness starts it with {@link #jvmOptions}: one line per
 * pause, stamped with the wall clock, with the heap before and after it.
 *
 * <p>Allocation is counted at each pause of the window: the heap before it minus the heap after the
 * pause before it (zero before a JVM's first), so what was allocated since the last pause of the
 * window is not counted, and a window without pauses has no allocation figure.
 */
public final class GcLog {
  private static final Pattern PAUSE =
      Pattern.compile(
          "^\\[(\\d+)ms\\].*GC\\(\\d+\\) Pause .*?(\\d+)([KMG])->(\\d+)([KMG])\\(\\d+[KMG]\\)"
              + " ([0-9.]+)ms");

  private GcLog() {}

  /** One pause: when it ended (epoch ms), the heap before and after, and how long it took. */
  record Pause(long endMillis, long beforeBytes, long afterBytes, double millis) {}

  /** Options that make a JVM log its pauses to {@code gc-<pid>.log} in {@code dir}. */
  public static List<String> jvmOptions(Path dir) {
    return List.of("-Xlog:gc:file=\"" + dir.resolve("gc-%p.log") + "\":timemillis:filecount=0");
  }

  /** The GC log of process {@code pid} in {@code dir}, written by {@link #jvmOptions}. */
  public static Path file(Path dir, long pid) {
    return dir.resolve("gc-" + pid + ".log");
  }

  /**
   * Pauses, pause time, the largest heap after a pause and the allocation rate of the processes
   * whose logs are {@code files}, over {@code [fromMillis, toMillis]}; null if none of the files
   * exists (a process the harness did not start, or not a JVM).
   */
  public static GcSummary summarize(List<Path> files, long fromMillis, long toMillis)
      throws IOException {
    int pauses = 0;
    double total = 0;
    double max = 0;
    long heapAfterMax = 0;
    long allocated = 0;
    boolean found = false;
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        continue;
      }
      found = true;
      List<Pause> all = parse(Files.readAllLines(f));
      for (int i = 0; i < all.size(); i++) {
        Pause p = all.get(i);
        if (p.endMillis() < fromMillis || p.endMillis() > toMillis) {
          continue;
        }
        pauses++;
        total += p.millis();
        max = Math.max(max, p.millis());
        heapAfterMax = Math.max(heapAfterMax, p.afterBytes());
        long afterPrevious = i == 0 ? 0 : all.get(i - 1).afterBytes(); // the JVM started empty
        allocated += Math.max(0, p.beforeBytes() - afterPrevious);
      }
    }
    if (!found) {
      return null;
    }
    double seconds = (toMillis - fromMillis) / 1000.0;
    return new GcSummary(
        pauses,
        total,
        max,
        pauses == 0 ? -1 : heapAfterMax,
        pauses == 0 || seconds <= 0 ? Double.NaN : allocated / seconds);
  }

  /**
   * The seconds with GC pauses of the processes whose logs are {@code files}, counted from {@code
   * originMillis} (pauses before it left out), in order; empty without a log or a pause.
   */
  public static List<GcSecond> perSecond(List<Path> files, long originMillis) throws IOException {
    java.util.TreeMap<Long, GcSecond> seconds = new java.util.TreeMap<>();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        continue;
      }
      for (Pause p : parse(Files.readAllLines(f))) {
        if (p.endMillis() < originMillis) {
          continue;
        }
        long second = (p.endMillis() - originMillis) / 1000;
        GcSecond was = seconds.getOrDefault(second, new GcSecond(second, 0, 0, 0));
        seconds.put(
            second,
            new GcSecond(
                second,
                was.pauses() + 1,
                was.pauseMillis() + p.millis(),
                Math.max(was.heapAfterGcMaxBytes(), p.afterBytes())));
      }
    }
    return List.copyOf(seconds.values());
  }

  /** The pauses of one log, in order. */
  static List<Pause> parse(List<String> lines) {
    List<Pause> out = new ArrayList<>();
    for (String line : lines) {
      Matcher m = PAUSE.matcher(line);
      if (m.find()) {
        out.add(
            new Pause(
                Long.parseLong(m.group(1)),
                bytes(m.group(2), m.group(3)),
                bytes(m.group(4), m.group(5)),
                Double.parseDouble(m.group(6))));
      }
    }
    out.sort(Comparator.comparingLong(Pause::endMillis));
    return out;
  }

  private static long bytes(String n, String unit) {
    long v = Long.parseLong(n);
    return switch (unit) {
      case "K" -> v << 10;
      case "M" -> v << 20;
      default -> v << 30;
    };
  }
}
