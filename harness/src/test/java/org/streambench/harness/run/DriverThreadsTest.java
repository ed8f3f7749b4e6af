package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DriverThreadsTest {
  @Test
  void generatorThreadsAreADivisorOfThePartitions() {
    assertEquals(2, new DriverThreads(3, 1).generatorFor(4, true));
    assertEquals(1, new DriverThreads(4, 1).generatorFor(4, false));
    assertEquals(4, new DriverThreads(1, 8).collectorFor(4));
  }

  @Test
  void doublingGrowsBothSidesUpToCoresAndPartitions() {
    assertEquals(new DriverThreads(2, 2), DriverThreads.ONE_EACH.doubled(4, true, 8));
    assertEquals(new DriverThreads(4, 4), new DriverThreads(2, 2).doubled(8, true, 4));
    assertEquals(new DriverThreads(2, 3), new DriverThreads(2, 2).doubled(4, true, 3));
  }

  @Test
  void aSingleThreadedWorkloadGrowsOnlyItsCollector() {
    assertEquals(new DriverThreads(1, 2), DriverThreads.ONE_EACH.doubled(4, false, 8));
  }

  @Test
  void nothingToGrowWhenThreadsMatchPartitionsOrCores() {
    assertNull(new DriverThreads(2, 2).doubled(2, true, 8));
    assertNull(new DriverThreads(2, 2).doubled(8, true, 2));
    assertNull(DriverThreads.ONE_EACH.doubled(1, true, 8));
  }

  @Test
  void readsBackWhatARunStored() {
    for (DriverThreads t :
        new DriverThreads[] {
          new DriverThreads(0, 0), new DriverThreads(2, 1), new DriverThreads(1, 0)
        }) {
      assertEquals(t, DriverThreads.ofDescribed(t.describe()));
    }
  }
}
