package org.streambench.harness.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LatencySummary;

class LatencySummaryTest {

  @Test
  void percentilesOfAUniformDistribution() {
    Histogram h = new Histogram(3);
    for (long v = 1; v <= 100_000; v++) {
      h.recordValue(v);
    }
    LatencySummary s = LatencySummary.of(h);
    assertEquals(100_000, s.count());
    assertEquals(50_000, s.p50(), 50);
    assertEquals(90_000, s.p90(), 90);
    assertEquals(99_000, s.p99(), 99);
    assertEquals(99_900, s.p999(), 100);
    assertEquals(100_000, s.max(), 100);
  }

  @Test
  void percentilesAreOrdered() {
    Histogram h = new Histogram(3);
    Random r = new Random(1);
    for (int i = 0; i < 50_000; i++) {
      h.recordValue((long) Math.exp(r.nextGaussian() * 2 + 7));
    }
    LatencySummary s = LatencySummary.of(h);
    assertTrue(s.p50() <= s.p90() && s.p90() <= s.p95() && s.p95() <= s.p99());
    assertTrue(s.p99() <= s.p999() && s.p999() <= s.max());
  }

  @Test
  void emptyHistogramGivesZeros() {
    assertEquals(new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0), LatencySummary.of(new Histogram(3)));
  }

  @Test
  void recorderSplitsSteadyStateAndWritesAReadableIntervalLog(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("latency.hlog");
    long origin = 1_700_000_000_000_000L;
    try (LatencyRecorder rec = new LatencyRecorder(log, origin)) {
      rec.setSteadyWindow(new SteadyWindow(origin + 1_000_000, origin + 2_000_000));
      // as the collector does: close finished seconds, then record what this poll received
      rec.rollIntervals(origin + 500);
      rec.record(origin, origin + 500, 10, 20); // warm-up
      rec.rollIntervals(origin + 1_500_700);
      rec.record(origin + 1_500_000, origin + 1_500_700, 30, 35); // steady
      rec.record(origin + 1_600_000, origin + 1_599_000, 40, 30); // negative both
      rec.rollIntervals(origin + 2_100_000);
      assertEquals(1, rec.steadyE2e().getTotalCount());
      assertEquals(700, rec.steadyE2e().getMaxValue(), 1);
      assertEquals(1, rec.negativeE2e());
      assertEquals(1, rec.negativeEngine());
      assertEquals(2, rec.points().size());
      assertEquals(1, rec.points().get(0).out());
      assertEquals(2, rec.points().get(1).out());
    }
    assertTrue(Files.size(log) > 0);
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    int intervals = 0;
    long total = 0;
    while (reader.nextIntervalHistogram() instanceof Histogram h) {
      intervals++;
      total += h.getTotalCount();
    }
    assertEquals(4, intervals, "two seconds, tags e2e and engine");
    assertEquals(4, total, "two e2e and two engine values; negatives are counted, not recorded");
  }

  /**
   * Windows flushed every 1.01 s at 1,000 records/s, each carrying the newest record 100 ms before
   * it: the flush drifts through the harness's seconds, and a backlog taken at each second's end
   * climbed from 100 to 1,100 records over 100 s. Taken when the output last moved on, it stays at
   * the 100 records owed at each flush, and a second without output still counts its silence.
   */
  @Test
  void backlogIsTakenWhenTheOutputLastMovedOnNotWhereTheSecondEnded() throws Exception {
    long origin = 1_700_000_000_000_000L;
    try (LatencyRecorder rec = new LatencyRecorder(null, origin)) {
      rec.setSchedule(t -> Math.max(0, (t - origin) / 1_000)); // one record per ms
      for (int k = 1; k <= 99; k++) {
        long flush = origin + k * 1_010_000L;
        rec.rollIntervals(flush);
        rec.record(flush - 100_000, flush, flush - 100_000, flush);
      }
      rec.rollIntervals(origin + 103_000_000); // seconds 100 to 102 without output
      List<IntervalPoint> points = rec.points();
      for (IntervalPoint p : points.subList(2, 99)) {
        if (p.out() > 0) {
          assertEquals(100, p.backlog(), () -> "second " + p.second());
        }
      }
      // the last flush (99.99 s) carried 99.89 s; by the end of second 102 (103 s): 3,110 owed
      assertEquals(3_110, points.get(102).backlog());
    }
  }
}
