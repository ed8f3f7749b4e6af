package org.streambench.harness.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.GeneratorReport;

class GeneratorReportTest {
  private static GeneratorReport report(long sent, long errors, long... perSecond) {
    return new GeneratorReport(sent, errors, 1000, 1000, 0, 0, 0, 0, perSecond, 0, 0, 0, 0, 0);
  }

  @Test
  void aRunExpectsEveryRecordItTriedToSendEvenThoseThatFailed() {
    GeneratorReport r = report(2_500, 500, 1000, 1000, 1000);
    assertEquals(3_000, r.attempted());
  }

  @Test
  void meanRateCoversOnlyTheSecondsAsked() {
    GeneratorReport r = report(4_000, 0, 500, 1000, 1200, 1300);
    assertEquals(1100.0, r.meanRate(Duration.ofSeconds(1), Duration.ofSeconds(2)));
    assertEquals(650.0, r.meanRate(Duration.ofSeconds(3), Duration.ofSeconds(2)), "past the end");
  }
}
