package org.streambench.harness.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PacingScheduleTest {

  @ParameterizedTest
  @ValueSource(longs = {1, 3, 7, 1000, 33_333, 100_000, 1_000_000, 999_999_937})
  void recordsAreDueExactlyOnSchedule(long rate) {
    PacingSchedule s = new PacingSchedule(rate);
    assertEquals(0, s.intendedNanos(0));
    assertEquals(1_000_000_000L, s.intendedNanos(rate));
    assertEquals(rate, s.recordsIn(1_000_000_000L), "one second holds exactly rate records");
    assertEquals(10 * rate, s.recordsIn(10_000_000_000L));
    for (long seq : new long[] {1, 2, rate / 2, rate - 1, 5 * rate + 3}) {
      long t = s.intendedNanos(seq);
      assertEquals(seq + 1, s.dueBy(t), "record " + seq + " is due at its intended time");
      if (t > s.intendedNanos(seq - 1)) {
        assertEquals(seq, s.dueBy(t - 1), "and not a nanosecond before");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 1000, 1_000_000})
  void intendedTimesNeverDecrease(long rate) {
    PacingSchedule s = new PacingSchedule(rate);
    long previous = -1;
    for (long seq = 0; seq < 5_000; seq++) {
      long t = s.intendedNanos(seq);
      assertTrue(t >= previous);
      previous = t;
    }
  }

  @org.junit.jupiter.api.Test
  void longRunsDoNotOverflow() {
    PacingSchedule s = new PacingSchedule(1_000_000_000L);
    long week = 7L * 24 * 3600 * 1_000_000_000L;
    assertEquals(week, s.intendedNanos(week));
    assertEquals(week + 1, s.dueBy(week));
  }

  @org.junit.jupiter.api.Test
  void nonPositiveRatesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new PacingSchedule(0));
    assertThrows(IllegalArgumentException.class, () -> new PacingSchedule(-5));
    assertEquals(0, new PacingSchedule(10).dueBy(-1));
  }
}
