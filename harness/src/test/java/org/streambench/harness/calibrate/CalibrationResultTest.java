package org.streambench.harness.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.ResultJson;

class CalibrationResultTest {
  @Test
  void aFormat2RatioReadsAsASpreadOfOne() throws Exception {
    String json =
        """
        {"threads":1,"recordBytes":24,"records":300000,"repetitions":3,
         "generator":{"median":2.0,"min":1.0,"max":3.0},
         "producerPerf":{"median":1.0,"min":1.0,"max":1.0},
         "generatorRatio":1.93,
         "collector":{"median":2.0,"min":2.0,"max":2.0},
         "consumerPerf":{"median":1.0,"min":1.0,"max":1.0},
         "collectorRatio":2.4}
        """;
    CalibrationResult.ScalingResult s =
        ResultJson.fromJson(json, CalibrationResult.ScalingResult.class);
    assertEquals(new CalibrationResult.Spread(1.93, 1.93, 1.93), s.generatorRatio());
    assertEquals(new CalibrationResult.Spread(2.0, 1.0, 3.0), s.generator());
  }

  @Test
  void spreadIsTheMedianAndRange() {
    assertEquals(
        new CalibrationResult.Spread(2.5, 1.0, 4.0),
        CalibrationResult.Spread.of(java.util.List.of(4.0, 1.0, 3.0, 2.0)));
    assertEquals(
        new CalibrationResult.Spread(3.0, 1.0, 4.0),
        CalibrationResult.Spread.of(java.util.List.of(4.0, 1.0, 3.0)));
  }
}
