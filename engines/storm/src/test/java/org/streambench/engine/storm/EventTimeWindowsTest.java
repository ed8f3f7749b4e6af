package org.streambench.engine.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventTimeWindowsTest {
  private final List<String> fired = new ArrayList<>();
  private final EventTimeWindows.Firing firing =
      (key, start, w) ->
          fired.add(key + "@" + start + "=" + w.getCount() + "/" + w.getMaxInMicros());

  @Test
  void firesAWindowOnceWhenTheWatermarkPassesItsEnd() {
    EventTimeWindows windows = new EventTimeWindows(1000, 0);
    windows.add("a", 100, 100_000, 1, Long.MIN_VALUE, firing);
    windows.add("a", 999, 999_000, 2, Long.MIN_VALUE, firing);
    windows.add("a", 1000, 1_000_000, 3, Long.MIN_VALUE, firing);
    windows.advance(998, firing);
    assertEquals(List.of(), fired);
    windows.advance(999, firing);
    assertEquals(List.of("a@0=2/2"), fired);
    windows.advance(1500, firing);
    assertEquals(1, fired.size());
    assertEquals(1, windows.size()); // [0, 1000) forgotten (lateness 0), [1000, 2000) open
  }

  @Test
  void lateRecordsWithinTheLatenessFireAtOnceLaterOnesAreDropped() {
    EventTimeWindows windows = new EventTimeWindows(1000, 500);
    windows.add("a", 10, 10_000, 1, Long.MIN_VALUE, firing);
    windows.advance(1200, firing);
    windows.add("a", 20, 20_000, 2, 1200, firing);
    assertEquals(List.of("a@0=1/1", "a@0=2/2"), fired);
    windows.advance(1499, firing);
    windows.add("a", 30, 30_000, 3, 1499, firing);
    assertEquals(1, windows.dropped());
    assertEquals(0, windows.size());
  }

  @Test
  void fireChangedSendsOnlyWindowsThatChanged() {
    EventTimeWindows windows = new EventTimeWindows(1000, 0);
    windows.add("a", 10, 10_000, 1, Long.MIN_VALUE, firing);
    windows.add("b", 10, 10_000, 1, Long.MIN_VALUE, firing);
    windows.fireChanged(firing);
    windows.add("b", 11, 11_000, 2, Long.MIN_VALUE, firing);
    windows.fireChanged(firing);
    windows.advance(5000, firing); // closing fires nothing new: every count was published
    assertEquals(List.of("a@0=1/1", "b@0=1/1", "b@0=2/2"), fired.stream().sorted().toList());
  }

  @Test
  void watermarkIsTheSlowestActiveSourceMinusOutOfOrderness() {
    EventClock clock = new EventClock(200, 10_000);
    clock.observe(1, 5000, 0);
    assertEquals(4799, clock.watermark(0));
    clock.observe(2, 3000, 0);
    assertEquals(4799, clock.watermark(0)); // never goes back
    clock.observe(2, 6000, 1);
    clock.observe(1, 7000, 1);
    assertEquals(5799, clock.watermark(1));
    // source 2 falls silent: after the idle time only source 1 counts
    clock.observe(1, 9000, 20_000);
    assertEquals(8799, clock.watermark(20_000));
  }

  @Test
  void anExpectedSourceHoldsTheWatermarkUntilHeardFromOrIdle() {
    EventClock clock = new EventClock(200, 10_000);
    clock.expect(1, 0);
    clock.expect(2, 0);
    clock.observe(1, 5000, 0);
    assertEquals(Long.MIN_VALUE, clock.watermark(0));
    clock.observe(2, 3000, 1);
    assertEquals(2799, clock.watermark(1));
    EventClock silent = new EventClock(200, 10_000);
    silent.expect(2, 0);
    silent.observe(1, 5000, 10_000);
    assertEquals(4799, silent.watermark(10_000)); // source 2 idle since 0
  }

  /**
   * q5's windows (10 s every 2 s) over closed slides: each closes once the watermark reaches its
   * last millisecond, those holding no bid (between slides 0 and 20 000) have no rows, a row's time
   * is its window's latest bid's, and a tie gives a row per auction.
   */
  @Test
  void slidingCountsCloseEveryWindowHoldingABidOnceWithItsLeaders() {
    NexmarkTopology.SlidingCounts windows = new NexmarkTopology.SlidingCounts();
    windows.closed(0, slide(10, new long[] {1000, 1}));
    assertEquals(List.of("1,10,1000,1,-8000,10"), windows.close(1999));
    assertEquals(List.of(), windows.close(3998));
    assertEquals(List.of("1,10,1000,1,-6000,10", "1,10,1000,1,-4000,10"), windows.close(6000));
    assertEquals(List.of("1,10,1000,1,-2000,10", "1,10,1000,1,0,10"), windows.close(9999));
    assertEquals(List.of(), windows.close(19_999));
    windows.closed(20_000, slide(20, new long[] {1001, 2}));
    assertEquals(List.of("2,20,1001,2,12000,20"), windows.close(21_999));
    windows.closed(22_000, slide(22, new long[] {1000, 1}));
    windows.closed(24_000, slide(24, new long[] {1000, 1}));
    List<String> rows = new ArrayList<>(windows.close(Long.MAX_VALUE));
    rows.sort(null);
    assertEquals(
        List.of(
            "1,24,1000,1,24000,24",
            "1,24,1000,2,16000,24",
            "1,24,1000,2,18000,24",
            "1,24,1000,2,20000,24",
            "1,24,1000,2,22000,24",
            "2,22,1001,2,14000,22",
            "2,24,1001,2,16000,24",
            "2,24,1001,2,18000,24",
            "2,24,1001,2,20000,24"),
        rows);
    assertEquals(List.of(), windows.close(Long.MAX_VALUE));
  }

  /** A closed slide of bids, each {auction, count}, at {@code t} (and {@code in}). */
  private static NexmarkTopology.HotItems.Slide slide(long t, long[]... bids) {
    NexmarkTopology.HotItems.Slide slide = new NexmarkTopology.HotItems.Slide();
    for (long[] b : bids) {
      for (int i = 0; i < b[1]; i++) {
        slide.add(b[0], t, t);
      }
    }
    return slide;
  }
}
