package org.streambench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void parsesTheCommandLineForms() {
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    assertEquals(Duration.ofSeconds(60), Durations.parse("60s"));
    assertEquals(Duration.ofSeconds(7), Durations.parse("7"));
    assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
    assertEquals(Duration.ofHours(1), Durations.parse("1h"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("-5s"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("soon"));
    assertEquals("1500ms", Durations.format(Duration.ofMillis(1500)));
    assertEquals("10s", Durations.format(Duration.ofSeconds(10)));
  }
}
