package org.streambench.harness.report.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Which single setting tells two configurations apart: the pairs a summary compares. */
public final class SettingDifference {
  private SettingDifference() {}

  /** The one label key whose value differs, or null if none or several do. */
  public static String of(Map<String, String> a, Map<String, String> b) {
    TreeSet<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    String differing = null;
    for (String k : keys) {
      if (!Objects.equals(a.get(k), b.get(k))) {
        if (differing != null) {
          return null;
        }
        differing = k;
      }
    }
    return differing;
  }
}
