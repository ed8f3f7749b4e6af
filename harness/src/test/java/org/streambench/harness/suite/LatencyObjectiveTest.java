package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.streambench.harness.UsageException;
import org.streambench.harness.results.LatencySummary;

class LatencyObjectiveTest {
  @Test
  void parsesAndChecks() {
    LatencyObjective o = LatencyObjective.parse("p99 <= 500ms");
    assertEquals(new LatencyObjective("p99", Duration.ofMillis(500)), o);
    assertEquals(o, LatencyObjective.parse("p99<500ms"));
    LatencySummary s = new LatencySummary(10, 1, 2, 3, 500_000, 900_000, 1_000_000, 2);
    assertTrue(o.met(s));
    assertFalse(LatencyObjective.parse("p999 <= 500ms").met(s));
    assertFalse(o.met(new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0)));
    assertNull(LatencyObjective.parse(" "));
  }

  @Test
  void rejectsMalformedText() {
    assertThrows(UsageException.class, () -> LatencyObjective.parse("p98 <= 1s"));
    assertThrows(UsageException.class, () -> LatencyObjective.parse("p99 <= soon"));
  }
}
