package org.streambench.harness.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.IntervalPoint;

class BacklogTrendTest {
  private static final long RATE = 1_000;
  private static final long AFTER_OUTPUT = 300;

  /**
   * Seconds 0 to 59 of a run that keeps up and emits in the seconds {@code emits} picks: just after
   * an output the backlog is {@link #AFTER_OUTPUT} records, and each silent second adds a second's
   * input. Unrecorded, the seconds' advance is unknown, as in results stored before it was.
   */
  private static List<IntervalPoint> keepingUp(LongPredicate emits, boolean recorded) {
    List<IntervalPoint> points = new ArrayList<>();
    long silent = 0;
    for (long s = 0; s < 60; s++) {
      boolean moved = emits.test(s);
      silent = moved ? 0 : silent + 1;
      long backlog = AFTER_OUTPUT + silent * RATE;
      points.add(new IntervalPoint(s, moved ? RATE : 0, 0, 0, 0, backlog, recorded ? moved : null));
    }
    return points;
  }

  private static double slope(List<IntervalPoint> points, long from, long to) {
    return BacklogTrend.slope(points, from, to).orElseThrow();
  }

  @Test
  void anOutputEverySixSecondsKeepsUpWhereverTheWindowFallsAmongItsTeeth() {
    List<IntervalPoint> recorded = keepingUp(s -> s % 6 == 0, true);
    List<IntervalPoint> unrecorded = keepingUp(s -> s % 6 == 0, false);
    boolean someWindowGrew = false;
    for (long from = 10; from < 16; from++) {
      assertEquals(0, slope(recorded, from, from + 30), 1e-9, "from " + from);
      someWindowGrew |= BacklogTrend.grows(slope(unrecorded, from, from + 30), RATE);
    }
    assertTrue(someWindowGrew, "every second counted, some window's ends make the teeth a trend");
  }

  @Test
  void anOutputEverySecondCountsEverySecondAndOneSilentSecondDoesNotMatter() {
    List<IntervalPoint> points = keepingUp(s -> s != 25, true);
    assertEquals(0, slope(points, 10, 40), 1e-9);
  }

  @Test
  void aSilenceAtTheWindowsEndLongerThanEveryGapBeforeItIsAStall() {
    List<IntervalPoint> stalled = keepingUp(s -> s < 34 && s % 3 == 0, true);
    assertTrue(BacklogTrend.grows(slope(stalled, 10, 40), RATE), "6 silent seconds after 3 s gaps");
    List<IntervalPoint> tooth = keepingUp(s -> s < 37 && s % 3 == 0, true);
    assertFalse(BacklogTrend.grows(slope(tooth, 10, 40), RATE), "3 silent seconds after 3 s gaps");
  }

  @Test
  void outputsTooFewToFitCountEverySecondAndNoSilenceAfterOneIsAStall() {
    List<IntervalPoint> twoWindows = keepingUp(s -> s % 10 == 0, true);
    List<IntervalPoint> unrecorded = keepingUp(s -> s % 10 == 0, false);
    assertEquals(slope(unrecorded, 15, 35), slope(twoWindows, 15, 35), 1e-9);
    List<IntervalPoint> oneWindow = keepingUp(s -> s % 20 == 0, true);
    assertEquals(slope(keepingUp(s -> s % 20 == 0, false), 15, 35), slope(oneWindow, 15, 35), 1e-9);
  }

  @Test
  void anOutputThatNeverMovesOnCountsEverySecond() {
    List<IntervalPoint> points = keepingUp(s -> false, true);
    assertEquals(RATE, slope(points, 10, 40), 1e-9);
  }
}
