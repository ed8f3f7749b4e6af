package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.streambench.api.workload.WindowStats;

/**
 * Hand-kept event-time tumbling windows per key (ysb, uricount), with Flink's semantics: a window
 * {@code [start, start + size)} closes when the watermark reaches {@code start + size − 1}, is kept
 * {@code lateness} longer for late records (each of which fires it again at once), and a record for
 * a window past that is dropped. A window fires only when it has changed since its last firing;
 * each firing carries the window's full count.
 */
final class EventTimeWindows {
  /** Receives a window's current state. */
  @FunctionalInterface
  interface Firing {
    void fire(String key, long startMs, Window window);
  }

  /** A window's {@link WindowStats}, and whether it changed since it last fired and has closed. */
  static final class Window extends WindowStats {
    boolean changed;
    boolean closed;
  }

  private final long sizeMs;
  private final long latenessMs;
  private final NavigableMap<Long, Map<String, Window>> byStart = new TreeMap<>();
  private long dropped;

  EventTimeWindows(long sizeMs, long latenessMs) {
    this.sizeMs = sizeMs;
    this.latenessMs = latenessMs;
  }

  /**
   * Counts a record of {@code key} at {@code eventMs} given the current watermark; a record for a
   * closed window still within its lateness fires it at once, a later one is dropped.
   */
  void add(
      String key, long eventMs, long eventMicros, long inMicros, long watermark, Firing firing) {
    long start = eventMs - Math.floorMod(eventMs, sizeMs);
    long maxTimestamp = start + sizeMs - 1;
    if (maxTimestamp + latenessMs <= watermark) {
      dropped++;
      return;
    }
    Window w =
        byStart
            .computeIfAbsent(start, s -> new HashMap<>())
            .computeIfAbsent(key, k -> new Window());
    w.add(eventMicros, inMicros);
    w.changed = true;
    if (maxTimestamp <= watermark) {
      w.closed = true;
      fire(key, start, w, firing);
    }
  }

  /** Fires the windows the watermark closes and forgets those past their lateness. */
  void advance(long watermark, Firing firing) {
    Iterator<Map.Entry<Long, Map<String, Window>>> it = byStart.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Long, Map<String, Window>> e = it.next();
      long maxTimestamp = e.getKey() + sizeMs - 1;
      if (maxTimestamp > watermark) {
        break;
      }
      for (Map.Entry<String, Window> kw : e.getValue().entrySet()) {
        Window w = kw.getValue();
        if (!w.closed) {
          w.closed = true;
          fire(kw.getKey(), e.getKey(), w, firing);
        }
      }
      if (maxTimestamp + latenessMs <= watermark) {
        it.remove();
      }
    }
  }

  /** Fires every window that changed since its last firing (ysb's service level). */
  void fireChanged(Firing firing) {
    byStart.forEach((start, windows) -> windows.forEach((key, w) -> fire(key, start, w, firing)));
  }

  /** Records dropped because they came after their window's lateness. */
  long dropped() {
    return dropped;
  }

  /** Windows kept. */
  int size() {
    return byStart.values().stream().mapToInt(Map::size).sum();
  }

  private static void fire(String key, long start, Window w, Firing firing) {
    if (w.changed) {
      w.changed = false;
      firing.fire(key, start, w);
    }
  }
}
