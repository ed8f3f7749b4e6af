package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteDurationTest {
  @Test
  void aResumedSuiteStatesItsRunsTimeBesideItsStartToEndTime() {
    // runs of 29 min 40 s in all, with a gap of 19 min 25 s before --resume
    assertEquals(
        "took 49 min 5 s from start to end, 3 runs of 29 min 40 s in all",
        SuiteDuration.of(
            "2026-01-01T00:00:00Z",
            "2026-01-01T00:49:05Z",
            List.of(
                Duration.ofMinutes(10),
                Duration.ofMinutes(19).plusSeconds(10),
                Duration.ofSeconds(30))));
  }

  @Test
  void anUnfinishedSuiteHasNoStartToEndTime() {
    assertEquals(
        "unfinished, 1 run of 0 min 45 s in all",
        SuiteDuration.of("2026-01-01T00:00:00Z", null, List.of(Duration.ofSeconds(45))));
  }
}
