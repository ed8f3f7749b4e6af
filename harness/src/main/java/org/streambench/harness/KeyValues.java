package org.streambench.harness;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Parses repeated {@code key=value} options such as {@code --set} and {@code --broker-set}. */
public final class KeyValues {
  private KeyValues() {}

  /** Parses each assignment; later ones win. Splits at the first '=', so values may hold '='. */
  public static Map<String, String> parse(String option, List<String> assignments) {
    Map<String, String> out = new TreeMap<>();
    for (String a : assignments) {
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw new UsageException(option + " expects key=value, got '" + a + "'");
      }
      out.put(a.substring(0, eq).trim(), a.substring(eq + 1).trim());
    }
    return out;
  }
}
