package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Configurations that differ only in their offered rate: a latency-versus-rate curve.
 *
 * @param name the labels that tell it apart from the report's other curves
 * @param points its configurations by ascending rate
 */
public record RateCurve(String name, List<Configuration> points) {

  /** The curves among these configurations; a configuration at a single rate forms none. */
  public static List<RateCurve> of(List<Configuration> configurations) {
    Map<Map<String, String>, List<Configuration>> byRest = new LinkedHashMap<>();
    for (Configuration c : configurations) {
      if (!c.search() && c.rate() > 0) {
        Map<String, String> rest = new LinkedHashMap<>(c.labels());
        rest.remove("rate");
        byRest.computeIfAbsent(rest, k -> new ArrayList<>()).add(c);
      }
    }
    byRest.values().removeIf(cs -> cs.stream().map(Configuration::rate).distinct().count() < 2);
    Map<String, String> common = Configurations.common(new ArrayList<>(byRest.keySet()));
    List<RateCurve> curves = new ArrayList<>();
    byRest.forEach(
        (rest, cs) ->
            curves.add(
                new RateCurve(
                    Configurations.name(rest, common),
                    cs.stream().sorted(Comparator.comparingLong(Configuration::rate)).toList())));
    return curves;
  }
}
