package org.streambench.harness.report.model;

import java.io.IOException;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/**
 * A suite as stored: its record, its finished points and the runs they took.
 *
 * @param suite the suite
 * @param points its finished points, in the order they finished
 * @param runs the runs of those points by id (a run no longer stored is missing)
 */
public record StoredSuite(
    SuiteRecord suite, List<PointOutcome> points, Map<String, RunResult> runs) {

  public static StoredSuite load(ResultStore store, SuiteRecord suite)
      throws SQLException, IOException {
    List<PointOutcome> points = store.suites().points(suite.suiteId());
    Set<String> ids = new LinkedHashSet<>();
    points.forEach(p -> ids.addAll(p.runIds()));
    Map<String, RunResult> runs = new LinkedHashMap<>();
    store.runs(List.copyOf(ids)).forEach(r -> runs.put(r.runId(), r));
    return new StoredSuite(suite, points, runs);
  }
}
