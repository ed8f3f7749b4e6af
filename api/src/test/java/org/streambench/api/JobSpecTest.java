package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobSpecTest {
  private static JobSpec sample(Path dir) {
    return new JobSpec(
        "run-1",
        "identity",
        "127.0.0.1:9092",
        "in",
        "out",
        Guarantee.EXACTLY_ONCE,
        3,
        dir,
        Map.of("flink.execution.buffer-timeout.interval", "5ms", "commit.mode", "a=b"),
        Map.of("seed", "42"));
  }

  @Test
  void roundTripsThroughAFile(@TempDir Path dir) throws Exception {
    JobSpec spec = sample(dir);
    Path file = dir.resolve("spec.properties");
    spec.write(file);
    assertEquals(spec, JobSpec.read(file));
  }

  @Test
  void settingsByPrefixDropThePrefix(@TempDir Path dir) {
    assertEquals(
        Map.of("execution.buffer-timeout.interval", "5ms"),
        sample(dir).settingsWithPrefix("flink."));
  }

  @Test
  void missingFieldsAreNamed(@TempDir Path dir) {
    Properties p = sample(dir).toProperties();
    p.remove("input.topic");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JobSpec.fromProperties(p));
    assertEquals("job spec lacks 'input.topic'", e.getMessage());
  }

  @Test
  void guaranteesParseByCommandLineName() {
    for (Guarantee g : Guarantee.values()) {
      assertEquals(g, Guarantee.parse(g.id()));
    }
    assertThrows(IllegalArgumentException.class, () -> Guarantee.parse("twice"));
  }
}
