package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.streambench.harness.report.model.ReportFixtures.point;
import static org.streambench.harness.report.model.ReportFixtures.run;
import static org.streambench.harness.report.model.ReportFixtures.withStartedAt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

class RunOrderTest {
  @Test
  void eachConfigurationsPlaceInEveryRoundComesFromItsRunsStartTimes() throws IOException {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    // round 1: a at :00.5, b at :09; round 2 reversed, and c missing from it; start times whose
    // text sorts otherwise (no fraction of a second) must not decide
    add(points, runs, "a", 1, "2026-01-01T00:00:00.500Z");
    add(points, runs, "b", 1, "2026-01-01T00:00:09Z");
    add(points, runs, "c", 1, "2026-01-01T00:00:10Z");
    add(points, runs, "a", 2, "2026-01-01T00:02:00Z");
    add(points, runs, "b", 2, "2026-01-01T00:01:00Z");
    assertEquals(List.of("a 1, 2", "b 2, 1", "c 3, –"), RunOrder.of(configurations(points, runs)));
  }

  @Test
  void oneRepetitionHasNoOrderToShow() throws IOException {
    List<PointOutcome> points = new ArrayList<>();
    Map<String, RunResult> runs = new LinkedHashMap<>();
    add(points, runs, "a", 1, "2026-01-01T00:00:00Z");
    add(points, runs, "b", 1, "2026-01-01T00:01:00Z");
    assertEquals(List.of(), RunOrder.of(configurations(points, runs)));
  }

  private static void add(
      List<PointOutcome> points, Map<String, RunResult> runs, String engine, int rep, String at)
      throws IOException {
    String id = engine + "-" + rep;
    points.add(point(engine, 1000, rep, id));
    runs.put(id, withStartedAt(run(id, engine, 1000, 10), at));
  }

  private static List<Configuration> configurations(
      List<PointOutcome> points, Map<String, RunResult> runs) {
    SuiteRecord suite =
        new SuiteRecord("s1", "demo", null, null, null, "completed", "{\"repetitions\": 2}");
    return ReportModel.ofSuite(new StoredSuite(suite, points, runs)).configurations();
  }
}
