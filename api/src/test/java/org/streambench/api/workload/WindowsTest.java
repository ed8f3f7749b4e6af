package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The aggregates of the windowed workloads: event-time windows and word count windows. */
class WindowsTest {
  @Test
  void windowStatsKeepCountAndNewestTimes() {
    WindowStats stats = new WindowStats().add(5_000, 70).add(3_000, 90);
    assertEquals("2,5000,90", stats.toString());
    assertEquals("/a,60000000,2,5000,90", stats.line("/a", 60_000_000));
    WindowStats other = new WindowStats().add(6_000, 10);
    assertEquals("3,6000,90", stats.merge(other).toString());
    assertEquals("3,6000,90", WindowStats.parse("3,6000,90").toString());
    assertEquals("0," + Long.MIN_VALUE + "," + Long.MIN_VALUE, new WindowStats().toString());
    assertEquals("c,1000,1,2,3", WindowStats.line("c", 1000, 1, 2, 3));
  }

  @Test
  void wordCountWindowKeepsRangesUntilFull() {
    WordCountWindow w = new WordCountWindow().add(30, 300).add(10, 100);
    assertFalse(w.isFull(3));
    w.add(20, 200);
    assertTrue(w.isFull(3));
    assertEquals("w,3,10,30,100,300", w.line("w"));
    assertEquals("3,10,30,100,300", WordCountWindow.parse(w.toString()).toString());
    WordCountWindow other = new WordCountWindow().add(40, 50);
    assertEquals("4,10,40,50,300", w.merge(other).toString());
  }
}
