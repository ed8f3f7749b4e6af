package org.streambench.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClockOffsetTest {
  /**
   * An exchange with the agent {@code offset} ahead, {@code out} µs there and {@code back} back.
   */
  private static ClockOffset.Exchange exchange(long sent, long offset, long out, long back) {
    return new ClockOffset.Exchange(sent, sent + out + offset, sent + out + back);
  }

  @Test
  void symmetricPathsGiveTheOffsetExactly() {
    ClockOffset c = ClockOffset.of(List.of(exchange(1_000_000, 50_000, 200, 200)));
    assertEquals(50_000, c.offsetMicros());
    assertEquals(400, c.roundTripMicros());
    assertEquals(201, c.boundMicros());
  }

  @Test
  void theTrueOffsetIsAlwaysWithinTheBoundHoweverLopsidedThePaths() {
    SplittableRandom random = new SplittableRandom(7);
    for (long offset : new long[] {-80_000, -1, 0, 3, 50_000, 1_700_000_000_000L}) {
      List<ClockOffset.Exchange> exchanges = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        exchanges.add(
            exchange(1_000_000L * i, offset, random.nextLong(1, 5_000), random.nextLong(1, 5_000)));
      }
      ClockOffset c = ClockOffset.of(exchanges);
      assertTrue(c.covers(offset), c + " should cover " + offset);
      assertEquals(20, c.exchanges());
    }
  }

  @Test
  void theShortestRoundTripIsKept() {
    ClockOffset c =
        ClockOffset.of(
            List.of(
                exchange(0, 10_000, 3_000, 100),
                exchange(10_000, 10_000, 50, 60),
                exchange(20_000, 10_000, 900, 900)));
    assertEquals(110, c.roundTripMicros());
    assertTrue(c.covers(10_000));
    assertTrue(Math.abs(c.offsetMicros() - 10_000) <= 6);
  }

  @Test
  void anExchangeWhoseClockSteppedBackIsIgnored() {
    ClockOffset c =
        ClockOffset.of(
            List.of(
                new ClockOffset.Exchange(5_000, 9_000, 4_000), exchange(10_000, 2_000, 300, 300)));
    assertEquals(2_000, c.offsetMicros());
    assertThrows(
        IllegalArgumentException.class,
        () -> ClockOffset.of(List.of(new ClockOffset.Exchange(5_000, 9_000, 4_000))));
  }
}
