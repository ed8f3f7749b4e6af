package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
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

  /** A drain of {@code records} that keeps its rate for {@code records / rate − 10} s. */
  private static RunResult drainOf(long records, double rate) {
    double steady = Math.max(0, records / rate - 10);
    try {
      return ReportFixtures.withThroughput(
          ReportFixtures.run("d" + records, "flink", (long) rate, 5),
          new RunResult.Throughput(rate, rate, steady, rate, rate));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private final List<Long> ran = new ArrayList<>();
  private final List<Long> resized = new ArrayList<>();

  private RunResult drain(long target, long records, LongFunction<RunResult> engine)
      throws Exception {
    return DrainSizing.drain(
        target,
        records,
        n -> {
          ran.add(n);
          return engine.apply(n);
        },
        resized::add,
        line -> {});
  }

  @Test
  void resizesAShortDrainUntilItsSteadyPartIsLongEnough() throws Exception {
    // 1,000,000 at 100,000 records/s: 0 s steady, tenfold; 10,000,000: 90 s, enough
    RunResult r = drain(30, 1_000_000, n -> drainOf(n, 100_000));
    assertEquals(List.of(1_000_000L, 10_000_000L), ran);
    assertEquals(List.of(10_000_000L), resized);
    assertEquals(90, DrainSteadyPart.seconds(r), 1e-9);
  }

  @Test
  void aDrainLongEnoughOrATargetOfZeroRunsOnce() throws Exception {
    drain(30, 5_000_000, n -> drainOf(n, 100_000));
    drain(0, 1_000_000, n -> drainOf(n, 100_000));
    assertEquals(List.of(5_000_000L, 1_000_000L), ran);
    assertEquals(List.of(), resized);
  }

  @Test
  void stopsWhenALongerDrainDrainsNoMoreInItsSteadyPart() throws Exception {
    // an engine whose steady part stays 5 s at the same rate however long the drain
    drain(30, 1_000_000, n -> drainOf(1_500_000, 100_000));
    assertEquals(List.of(1_000_000L, 7_200_000L), ran, "one resize, then no growth");
  }

  @Test
  void stopsAfterItsResizesOrAtItsLimitOrWhenTheSuiteStops() throws Exception {
    // 2 s steady whatever the count: grows each time (the rate rises), four runs at most
    long[] rate = {100_000};
    drain(
        30,
        1_000,
        n -> {
          rate[0] *= 2;
          return drainOf(12 * rate[0], rate[0]);
        });
    assertEquals(1 + DrainSizing.MAX_RESIZES, ran.size());
    ran.clear();
    drain(30, DrainSizing.MAX_RECORDS, n -> drainOf(1_000_000, 100_000));
    assertEquals(List.of(DrainSizing.MAX_RECORDS), ran, "no more than its limit");
    assertNull(drain(30, 1_000, n -> null), "the suite stopped");
  }
}
