package org.streambench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.UsageException;

class ParamsTest {
  @Test
  void defaultsApplyAndOverridesAreTyped() {
    Params p = Params.resolve(Workloads.get("grouping"), Map.of("zipf.exponent", "1.2"));
    assertEquals(10_000, p.positiveInt("keys"));
    assertEquals(1.2, p.positiveDouble("zipf.exponent"));
  }

  @Test
  void badValuesAreUsageErrors() {
    Workload grep = Workloads.get("grep");
    assertThrows(UsageException.class, () -> Params.resolve(grep, Map.of("words", "many")));
    assertThrows(UsageException.class, () -> Params.resolve(grep, Map.of("match.fraction", "1.5")));
    assertThrows(
        UsageException.class,
        () -> Params.resolve(Workloads.get("grouping"), Map.of("zipf.exponent", "0")));
    assertThrows(UsageException.class, () -> Params.resolve(grep, Map.of("nope", "1")));
  }
}
