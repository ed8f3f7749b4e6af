package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigHashTest {
  @Test
  void hashIgnoresInsertionOrderButNotValues() {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("x", "1");
    a.put("y", "2");
    Map<String, String> b = new LinkedHashMap<>();
    b.put("y", "2");
    b.put("x", "1");
    assertEquals(ResolvedConfig.hash(a), ResolvedConfig.hash(b));
    assertEquals(64, ResolvedConfig.hash(a).length());
    assertNotEquals(ResolvedConfig.hash(a), ResolvedConfig.hash(Map.of("x", "1", "y", "3")));
  }
}
