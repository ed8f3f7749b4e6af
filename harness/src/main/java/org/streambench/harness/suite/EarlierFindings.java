package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * What a suite's finished points left for its later ones: each search's outcome, which the rates
 * relative to it in the same repetition are fractions of, and each drain point's pre-fill as
 * resized for its {@code drain-seconds}, which its later repetitions start from. A resumed suite
 * {@link #restore}s them from the store.
 */
final class EarlierFindings {
  /** The stored runs of these ids. */
  @FunctionalInterface
  interface StoredRuns {
    List<RunResult> runs(List<String> runIds) throws SQLException, IOException;
  }

  /** Each finished search by {@link SuiteRunner#doneKey}. */
  private final Map<String, PointOutcome.SearchOutcome> searches = new HashMap<>();

  /** Each drain point's pre-fill as resized, by point key. */
  private final Map<String, Long> drainRecords = new HashMap<>();

  /**
   * A resumed suite's findings from its finished points {@code done}: their searches, each {@link
   * #withItsEnd}, and, if its drains are sized ({@code drainsSized}), the largest pre-fill each
   * drain point ran with.
   */
  static EarlierFindings restore(List<PointOutcome> done, boolean drainsSized, StoredRuns stored)
      throws SQLException, IOException {
    EarlierFindings findings = new EarlierFindings();
    for (PointOutcome point : done) {
      if (point.search() != null) {
        findings.found(point.pointKey(), point.repetition(), withItsEnd(point, stored));
      } else if (drainsSized) {
        for (RunResult r : stored.runs(point.runIds())) {
          String records = r.config() == null ? null : r.config().get("run.records");
          if (records != null) {
            findings.drainRecords.merge(point.pointKey(), Long.parseLong(records), Math::max);
          }
        }
      }
    }
    return findings;
  }

  /** The search of point {@code pointKey} in repetition {@code rep} found {@code search}. */
  void found(String pointKey, int rep, PointOutcome.SearchOutcome search) {
    searches.put(SuiteRunner.doneKey(pointKey, rep), search);
  }

  /** What the search of point {@code pointKey} found in repetition {@code rep}; null if none. */
  PointOutcome.SearchOutcome search(String pointKey, int rep) {
    return searches.get(SuiteRunner.doneKey(pointKey, rep));
  }

  /** A drain of point {@code pointKey} was resized to {@code records}. */
  void resized(String pointKey, long records) {
    drainRecords.put(pointKey, records);
  }

  /**
   * A drain's pre-fill: what an earlier repetition of the point found long enough, if any, else
   * {@code unsized}.
   */
  long drainRecords(String pointKey, long unsized) {
    return drainRecords.getOrDefault(pointKey, unsized);
  }

  /**
   * A stored search with what it ended with; for a suite stored before searches kept it, what its
   * last trial ran with (driver threads only grow during a search; its warm-up may be a longer one
   * that did not help).
   */
  static PointOutcome.SearchOutcome withItsEnd(PointOutcome done, StoredRuns stored)
      throws SQLException, IOException {
    PointOutcome.SearchOutcome search = done.search();
    if (search.driverThreads() != null && search.warmup() != null) {
      return search;
    }
    List<String> ids = done.runIds();
    for (RunResult last : stored.runs(ids.subList(Math.max(0, ids.size() - 1), ids.size()))) {
      Map<String, String> config = last.config() == null ? Map.of() : last.config();
      String driver = config.get("run.driver-threads");
      String warmup = config.get("run.warmup");
      if (driver != null && warmup != null) {
        return search.endedWith(driver, warmup);
      }
    }
    return search;
  }
}
