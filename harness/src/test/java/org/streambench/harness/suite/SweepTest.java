package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepTest {
  @Test
  void cartesianProductWithTheLastDimensionFastest() {
    Map<String, List<?>> d = new LinkedHashMap<>();
    d.put("a", List.of(1, 2));
    d.put("skipped", List.of());
    d.put("b", List.of("x", "y", "z"));
    List<Map<String, String>> p = Sweep.product(d);
    assertEquals(6, p.size());
    assertEquals(Map.of("a", "1", "b", "x"), p.get(0));
    assertEquals(Map.of("a", "1", "b", "y"), p.get(1));
    assertEquals(Map.of("a", "2", "b", "z"), p.get(5));
    assertEquals(List.of(Map.of()), Sweep.product(Map.of()));
  }
}
