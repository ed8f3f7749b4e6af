package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.IntervalPoint;

class DrainSteadyPartTest {
  private static List<IntervalPoint> series(long... outPerSecond) {
    List<IntervalPoint> points = new ArrayList<>();
    for (int s = 0; s < outPerSecond.length; s++) {
      points.add(new IntervalPoint(s, outPerSecond[s], 0, 0, 0, -1));
    }
    return points;
  }

  @Test
  void rampUpAndTailAreLeftOut() {
    // a slow start, 100k/s for five seconds, then the last records
    DrainSteadyPart p =
        DrainSteadyPart.of(series(0, 5_000, 60_000, 100_000, 100_000, 100_000, 100_000, 40_000, 3))
            .orElseThrow();
    // seconds 2 to 7 reach half the median of the seconds with output (60k): 2 is the ramp's
    // edge, 7 a partial tail below the median
    assertEquals(3, p.fromSecond());
    assertEquals(7, p.toSecond());
    assertEquals(400_000, p.outputs());
    assertEquals(100_000, p.outputPerSecond(), 1e-9);
  }

  @Test
  void theInputRateIsTheInputsShareOfTheSteadyOutput() {
    // a windowed workload: 405,008 outputs for 4,000,000 inputs, evenly over the input
    DrainSteadyPart p = new DrainSteadyPart(3, 7, 300_000);
    assertEquals(4_000_000.0 * 300_000 / 405_008 / 4, p.inputPerSecond(4_000_000, 405_008), 1e-6);
  }

  @Test
  void aDrainWithoutThreeFullSecondsHasNoSteadyPart() {
    assertTrue(DrainSteadyPart.of(series(0, 50_000, 100_000, 100_000, 20)).isEmpty());
    assertTrue(DrainSteadyPart.of(series()).isEmpty());
    assertTrue(DrainSteadyPart.of(series(0, 0, 0)).isEmpty());
  }

  @Test
  void burstyOutputCountsWholePeriodsBetweenItsFirstAndLastBurst() {
    // a burst every 2 s (window results, or exactly-once output at each checkpoint): the first
    // burst holds what came before it, so four bursts over the 8 s after it, 512.5/s
    DrainSteadyPart p =
        DrainSteadyPart.of(series(0, 900, 0, 1_000, 0, 1_100, 0, 1_000, 0, 1_000, 0)).orElseThrow();
    assertEquals(2, p.fromSecond());
    assertEquals(10, p.toSecond());
    assertEquals(4_100, p.outputs());
    assertEquals(512.5, p.outputPerSecond(), 1e-9);
  }
}
