package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DrainSizingTest {
  @Test
  void growsTheCountInProportionToTheMissingSteadySecondsWithAFifthMore() {
    // 10 s of a 30 s target: 3.6 times as many
    assertEquals(3_600_000, DrainSizing.next(1_000_000, 10, 30));
  }

  @Test
  void atLeastDoublesAndAtMostTwentyfolds() {
    assertEquals(2_000_000, DrainSizing.next(1_000_000, 29, 30));
    assertEquals(20_000_000, DrainSizing.next(1_000_000, 0.5, 30));
  }

  @Test
  void neverAsksForMoreThanItsLimitAndSaysSoByNotGrowing() {
    assertEquals(DrainSizing.MAX_RECORDS, DrainSizing.next(40_000_000, 10, 30));
    assertEquals(DrainSizing.MAX_RECORDS, DrainSizing.next(DrainSizing.MAX_RECORDS, 10, 30));
  }

  @Test
  void withoutASteadyPartTenfolds() {
    assertEquals(10_000_000, DrainSizing.next(1_000_000, 0, 30));
  }
}
