package org.streambench.harness.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/**
 * One side of a comparison: a single run, or a suite's runs grouped by point key (the repetitions
 * of each point together; a search point by the sustainable rates its repetitions found).
 *
 * @param description one line naming it
 * @param groups the runs of each point key (a single run: one group)
 * @param searches the sustainable rates found per search point key
 */
public record RunSet(
    String description, Map<String, List<RunResult>> groups, Map<String, List<Double>> searches) {

  public static RunSet ofRun(RunResult r) {
    return new RunSet(
        String.format(
            "run %s (%s, %s, %s, %s)",
            r.runId(), r.engine(), r.workload(), r.mode(), r.guarantee()),
        Map.of(r.runId(), List.of(r)),
        Map.of());
  }

  /** The suite's points; runs no longer stored are left out. */
  public static RunSet ofSuite(StoredSuite stored) {
    return ofSuite(stored, repetition -> true, "");
  }

  /**
   * The suite's points of the repetitions {@code taken} keeps (one half of an A/A split).
   *
   * @param half what to add to the description, e.g. {@code , odd repetitions}
   */
  static RunSet ofSuite(StoredSuite stored, IntPredicate taken, String half) {
    Map<String, List<RunResult>> groups = new LinkedHashMap<>();
    Map<String, List<Double>> searches = new LinkedHashMap<>();
    for (PointOutcome p : stored.points()) {
      if (!taken.test(p.repetition())) {
        continue;
      }
      if (PointOutcome.SEARCH.equals(p.kind())) {
        if (p.search() != null) {
          searches
              .computeIfAbsent(p.pointKey(), k -> new ArrayList<>())
              .add((double) p.search().sustainableRate());
        }
        continue;
      }
      List<RunResult> group = groups.computeIfAbsent(p.pointKey(), k -> new ArrayList<>());
      p.runIds().stream().map(stored.runs()::get).filter(Objects::nonNull).forEach(group::add);
    }
    SuiteRecord suite = stored.suite();
    return new RunSet(
        "suite " + suite.name() + " (" + suite.suiteId() + ")" + half, groups, searches);
  }

  boolean isSingleGroup() {
    return groups.size() + searches.size() == 1;
  }
}
