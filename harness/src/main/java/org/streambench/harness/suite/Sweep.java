package org.streambench.harness.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Cartesian products of swept values. */
final class Sweep {
  private Sweep() {}

  /**
   * Every combination of one value per dimension, the last dimension varying fastest; one empty
   * combination for no dimensions.
   */
  static List<Map<String, String>> product(Map<String, ? extends List<?>> dimensions) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Map.Entry<String, ? extends List<?>> d : dimensions.entrySet()) {
      if (d.getValue() == null || d.getValue().isEmpty()) {
        continue;
      }
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> partial : out) {
        for (Object value : d.getValue()) {
          Map<String, String> combination = new LinkedHashMap<>(partial);
          combination.put(d.getKey(), String.valueOf(value));
          next.add(combination);
        }
      }
      out = next;
    }
    return out;
  }
}
