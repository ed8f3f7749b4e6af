package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.streambench.harness.report.model.Configuration.Member;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * Groups runs into configurations: a suite's points by point key (their repetitions together), or a
 * selection of stored runs by their settings.
 */
final class Configurations {
  /** Settings that name every run, in the order a reader scans them. */
  private static final List<String> BASE_KEYS =
      List.of(
          "engine", "workload", "mode", "guarantee", "parallelism", "rate", "records", "profiles");

  private Configurations() {}

  /** The suite's points grouped by point key, in the order they first finished. */
  static List<Configuration> fromSuite(List<PointOutcome> points, Map<String, RunResult> runs) {
    Map<String, List<PointOutcome>> byKey = new LinkedHashMap<>();
    for (PointOutcome p : points) {
      byKey.computeIfAbsent(p.pointKey(), k -> new ArrayList<>()).add(p);
    }
    List<Draft> drafts = new ArrayList<>();
    byKey.forEach(
        (key, reps) -> {
          reps.sort(Comparator.comparingInt(PointOutcome::repetition));
          boolean search = reps.stream().anyMatch(p -> PointOutcome.SEARCH.equals(p.kind()));
          List<Member> members = new ArrayList<>();
          for (PointOutcome p : reps) {
            members.addAll(search ? trials(p, reps.size() > 1, runs) : repetitions(p, runs));
          }
          Map<String, String> labels = reps.get(0).labels();
          drafts.add(
              new Draft(
                  key,
                  labels == null ? Map.of() : new LinkedHashMap<>(labels),
                  search,
                  members,
                  reps));
        });
    return named(drafts);
  }

  private static List<Member> repetitions(PointOutcome p, Map<String, RunResult> runs) {
    return p.runIds().stream()
        .map(runs::get)
        .filter(Objects::nonNull)
        .map(r -> new Member("rep " + p.repetition(), r))
        .toList();
  }

  private static List<Member> trials(
      PointOutcome p, boolean repeated, Map<String, RunResult> runs) {
    List<Member> out = new ArrayList<>();
    List<PointOutcome.Trial> trials = p.search() == null ? List.of() : p.search().trials();
    for (int i = 0; i < trials.size(); i++) {
      RunResult r = runs.get(trials.get(i).runId());
      if (r != null) {
        String label = String.format("trial %d @ %s/s", i + 1, Format.rate(trials.get(i).rate()));
        out.add(new Member(repeated ? "rep " + p.repetition() + " " + label : label, r));
      }
    }
    return out;
  }

  /**
   * Stored runs grouped by their settings: the run's basic parameters plus every other setting
   * whose value differs between runs of the same engine, workload and mode (a setting that differs
   * only because those differ, such as each engine's own defaults or a mode's duration, does not
   * name them). Oldest run first.
   */
  static List<Configuration> fromRuns(List<RunResult> runs) {
    List<RunResult> ordered =
        runs.stream().sorted(Comparator.comparing(RunResult::startedAt)).toList();
    Set<String> varying = varyingWithinKind(ordered);
    Map<Map<String, String>, List<RunResult>> byLabels = new LinkedHashMap<>();
    for (RunResult r : ordered) {
      byLabels.computeIfAbsent(labels(r, varying), k -> new ArrayList<>()).add(r);
    }
    List<Draft> drafts = new ArrayList<>();
    byLabels.forEach(
        (labels, reps) -> {
          List<Member> members = new ArrayList<>();
          for (int i = 0; i < reps.size(); i++) {
            members.add(new Member("rep " + (i + 1), reps.get(i)));
          }
          String key =
              labels.entrySet().stream()
                  .map(e -> e.getKey() + "=" + e.getValue())
                  .collect(Collectors.joining(","));
          drafts.add(new Draft(key, labels, false, members, List.of()));
        });
    return named(drafts);
  }

  private static Set<String> varyingWithinKind(List<RunResult> runs) {
    Map<String, List<RunResult>> byKind =
        runs.stream()
            .collect(
                Collectors.groupingBy(
                    r -> r.engine() + "/" + r.workload() + "/" + r.mode(),
                    TreeMap::new,
                    Collectors.toList()));
    Set<String> varying = new TreeSet<>();
    for (List<RunResult> same : byKind.values()) {
      Set<String> keys = new HashSet<>();
      same.forEach(r -> keys.addAll(config(r).keySet()));
      for (String k : keys) {
        if (same.stream().map(r -> config(r).get(k)).distinct().count() > 1) {
          varying.add(k);
        }
      }
    }
    varying.removeAll(
        List.of(
            "run.engine",
            "run.workload",
            "run.mode",
            "run.guarantee",
            "run.parallelism",
            "run.rate",
            "run.records",
            "run.profiles"));
    return varying;
  }

  private static Map<String, String> config(RunResult r) {
    return r.config() == null ? Map.of() : r.config();
  }

  private static Map<String, String> labels(RunResult r, Set<String> varying) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("engine", r.engine());
    labels.put("workload", r.workload());
    labels.put("mode", String.valueOf(r.mode()));
    labels.put("guarantee", String.valueOf(r.guarantee()));
    labels.put("parallelism", Integer.toString(r.parallelism()));
    Map<String, String> config = config(r);
    for (String k : List.of("rate", "records", "profiles")) {
      String v = config.get("run." + k);
      if (v != null && !v.isEmpty()) {
        labels.put(k, v);
      }
    }
    for (String k : varying) {
      if (config.containsKey(k)) {
        labels.put(shortKey(k), config.get(k));
      }
    }
    return labels;
  }

  /** {@code engine.flink.x} → {@code set:flink.x}, {@code workload.y} → {@code param:y}. */
  private static String shortKey(String configKey) {
    if (configKey.startsWith("engine.")) {
      return "set:" + configKey.substring("engine.".length());
    }
    if (configKey.startsWith("workload.")) {
      return "param:" + configKey.substring("workload.".length());
    }
    return configKey.startsWith("run.") ? configKey.substring("run.".length()) : configKey;
  }

  private record Draft(
      String key,
      Map<String, String> labels,
      boolean search,
      List<Member> members,
      List<PointOutcome> points) {}

  /**
   * Names each configuration by the labels that are not the same in all of them; a name two
   * configurations share (their labels do not tell them apart) gets their point key appended.
   */
  private static List<Configuration> named(List<Draft> drafts) {
    Map<String, String> common = common(drafts.stream().map(Draft::labels).toList());
    Map<String, Long> uses =
        drafts.stream()
            .collect(Collectors.groupingBy(d -> name(d.labels(), common), Collectors.counting()));
    List<Configuration> out = new ArrayList<>();
    for (Draft d : drafts) {
      String name = name(d.labels(), common);
      if (uses.get(name) > 1) {
        name = name + " [" + d.key() + "]";
      }
      out.add(new Configuration(d.key(), name, d.labels(), d.search(), d.members(), d.points()));
    }
    return out;
  }

  /** The labels every configuration has with the same value. */
  static Map<String, String> common(List<Map<String, String>> labelSets) {
    Map<String, String> common = new LinkedHashMap<>();
    if (labelSets.isEmpty()) {
      return common;
    }
    labelSets
        .get(0)
        .forEach(
            (k, v) -> {
              if (labelSets.stream().allMatch(l -> v.equals(l.get(k)))) {
                common.put(k, v);
              }
            });
    return common;
  }

  static String name(Map<String, String> labels, Map<String, String> common) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, String> e : sorted(labels).entrySet()) {
      if (!e.getValue().equals(common.get(e.getKey()))) {
        parts.add(Format.label(e.getKey(), e.getValue()));
      }
    }
    if (parts.isEmpty()) {
      parts.add(Format.label("engine", labels.getOrDefault("engine", "runs")));
    }
    return String.join(", ", parts);
  }

  /** Labels with the basic settings first, the rest in their own order. */
  static Map<String, String> sorted(Map<String, String> labels) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String k : BASE_KEYS) {
      if (labels.containsKey(k)) {
        out.put(k, labels.get(k));
      }
    }
    labels.forEach(out::putIfAbsent);
    return out;
  }
}
