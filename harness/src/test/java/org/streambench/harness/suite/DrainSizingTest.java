package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DrainSteadyPart;

class DrainSizingTest {
  @Test
  void growsTheCountInProportionToTheMissingSteadySecondsWithAFifthMore() {
    // 10 s of a 30 s target: 3.6 times as many
    assertEquals(3_600_000, DrainSizing.next(1_000_000, 10, 30));
  }

  @Test
  void aDrainALittleShortGrowsByALittleOverAFifthAndNoneMoreThanTwentyfold() {
    // 42 s of a 50 s target (a drain of da-checkpointing's): 1.43 times, where it once doubled
    assertEquals(1_428_572, DrainSizing.next(1_000_000, 42, 50));
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

  @Test
  void judgesALongerDrainByTheRecordsItsSteadyPartDrainedNotByItsSeconds() {
    // an engine that warmed up over the longer drain: as many steady seconds at three times the
    // rate is three times the records, so a further resize may still help
    RunResult shorter = ReportFixtures.run("a", "flink", 300_000, 5);
    RunResult longer = ReportFixtures.run("b", "flink", 900_000, 5);
    assertEquals(DrainSteadyPart.seconds(shorter), DrainSteadyPart.seconds(longer));
    assertEquals(3 * DrainSizing.steadyRecords(shorter), DrainSizing.steadyRecords(longer), 1e-6);
    assertEquals(
        DrainSteadyPart.seconds(shorter) * 300_000, DrainSizing.steadyRecords(shorter), 1e-6);
  }

  @Test
  void resizesAgainOnlyWhileALongerDrainDrainsATenthMoreInItsSteadyPart() {
    assertEquals(true, DrainSizing.grew(1_000_000, -1));
    assertEquals(true, DrainSizing.grew(1_200_000, 1_000_000));
    assertEquals(false, DrainSizing.grew(1_050_000, 1_000_000));
  }
}
