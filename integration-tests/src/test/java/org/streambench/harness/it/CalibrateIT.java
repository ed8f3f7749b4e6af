package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.cli.StreambenchCli;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.ResultStore;

/** {@code streambench calibrate} at a small scale, against the real Kafka perf tools. */
class CalibrateIT {

  @Test
  @Timeout(480) // 57 s here: one size, pacing at two rates, 2 x 2 scaling
  void calibrationMeasuresBothSidesAndIsStored(@TempDir Path data) throws Exception {
    int code =
        StreambenchCli.commandLine()
            .execute(
                "calibrate",
                "--data-dir",
                data.toString(),
                "--sizes",
                "150",
                "--records",
                "50000",
                "--rates",
                "1000,10000",
                "--pacing-duration",
                "2s",
                "--threads",
                "2",
                "--repetitions",
                "2");
    assertEquals(0, code);
    Path dir;
    try (Stream<Path> dirs = Files.list(data)) {
      dir =
          dirs.filter(p -> p.getFileName().toString().contains("-calibrate-"))
              .findFirst()
              .orElseThrow();
    }
    assertTrue(Files.exists(dir.resolve("calibration.json")));
    CalibrationResult r;
    try (ResultStore store = ResultStore.openSqlite(data.resolve("results.db"))) {
      r = store.findCalibration(dir.getFileName().toString());
    }
    assertNotNull(r);
    assertEquals(1, r.sizes().size());
    for (CalibrationResult.SizeResult s : r.sizes()) {
      assertTrue(s.generatorRate() > 0 && s.producerPerfRate() > 0, s.toString());
      assertTrue(s.collectorRate() > 0 && s.consumerPerfRate() > 0, s.toString());
      assertTrue(s.generatorCpuMicrosPerRecord() > 0, s.toString());
    }
    assertEquals(2, r.pacing().size());
    for (CalibrationResult.PacingResult p : r.pacing()) {
      assertTrue(p.achievedRatio() > 0.9 && p.achievedRatio() < 1.1, p.toString());
      assertTrue(p.latenessP50Micros() <= p.latenessP99Micros(), p.toString());
    }
    assertEquals(1, r.scaling().size());
    for (CalibrationResult.ScalingResult s : r.scaling()) {
      assertEquals(2, s.repetitions());
      assertTrue(s.generator().min() > 0 && s.producerPerf().min() > 0, s.toString());
      assertTrue(s.collector().min() > 0 && s.consumerPerf().min() > 0, s.toString());
      assertTrue(s.generator().min() <= s.generator().median(), s.toString());
    }
  }
}
