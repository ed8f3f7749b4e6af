package org.streambench.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;

class SparkEngineTest {
  private static JobSpec spec(
      String workload, Map<String, String> settings, Map<String, String> p) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:9092",
        "in",
        "out",
        Guarantee.AT_LEAST_ONCE,
        2,
        Path.of("target/test-run"),
        settings,
        p);
  }

  @Test
  void continuousProcessingOnlyForMapLikeWorkloads() {
    Map<String, String> continuous = Map.of("trigger.mode", "continuous");
    for (String workload : SparkEngine.CATALOGUE.workloads()) {
      JobSpec s = spec(workload, continuous, Map.of());
      if (workload.equals("identity") || workload.equals("grep")) {
        assertNotNull(SparkEngine.builder(s));
      } else {
        UnsupportedOperationException e =
            assertThrows(UnsupportedOperationException.class, () -> SparkEngine.builder(s));
        assertTrue(e.getMessage().contains("continuous"), e.getMessage());
      }
    }
  }

  @Test
  void rejectsAnUnknownTriggerMode() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SparkEngine.builder(spec("identity", Map.of("trigger.mode", "once"), Map.of())));
  }

  @Test
  void triggerIntervals() {
    assertEquals(0, Triggers.millis("0ms"));
    assertEquals(250, Triggers.millis("250ms"));
    assertEquals(2000, Triggers.millis("2s"));
    assertEquals(60_000, Triggers.millis("1m"));
    assertEquals(5, Triggers.millis("5"));
  }

  @Test
  void versionsNameSpark() {
    Map<String, String> v = new SparkEngine().versions();
    // a release (which line: EngineCatalogueContract, against engine.properties' version)
    assertTrue(v.get("spark").matches("\\d+\\.\\d+\\.\\d+"), v.toString());
  }
}
