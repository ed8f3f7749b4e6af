package org.streambench.harness.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.streambench.harness.results.CalibrationResult;

class SizePairsTest {
  private static SizePairs.Pair pair(double gen, double pp, double col, double cp) {
    return new SizePairs.Pair(
        new DriverProbe.Result(gen, 0.5, 600), pp, new DriverProbe.Result(col, 1.0, 400), cp);
  }

  @Test
  void eachRatioIsTheMedianOfThePairsRatiosNotTheRatioOfMedians() {
    SizePairs pairs = new SizePairs();
    pairs.add(pair(100, 50, 90, 100)); // ratios 2.0 and 0.9
    pairs.add(pair(120, 100, 80, 40)); // 1.2 and 2.0
    pairs.add(pair(300, 400, 200, 100)); // 0.75 and 2.0
    CalibrationResult.SizeResult r = pairs.result(24, 1000);

    assertEquals(120, r.generatorRate());
    assertEquals(100, r.producerPerfRate());
    assertEquals(1.2, r.generatorRatio(), 1e-9);
    assertEquals(90, r.collectorRate());
    assertEquals(100, r.consumerPerfRate());
    assertEquals(2.0, r.collectorRatio(), 1e-9);
    assertEquals(0.5, r.generatorCpuMicrosPerRecord());
    assertEquals(600, r.generatorAllocatedBytesPerRecord());
    assertEquals(1.0, r.collectorCpuMicrosPerRecord());
    assertEquals(400, r.collectorAllocatedBytesPerRecord());
    assertEquals(24, r.recordBytes());
    assertEquals(1000, r.records());
  }

  @Test
  void onePairIsItsOwnSummary() {
    SizePairs pairs = new SizePairs();
    pairs.add(pair(100, 80, 60, 120));
    CalibrationResult.SizeResult r = pairs.result(150, 10);
    assertEquals(1.25, r.generatorRatio(), 1e-9);
    assertEquals(0.5, r.collectorRatio(), 1e-9);
  }

  @Test
  void refusesToSummariseNothing() {
    assertThrows(IllegalStateException.class, () -> new SizePairs().result(24, 10));
  }
}
