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
}
