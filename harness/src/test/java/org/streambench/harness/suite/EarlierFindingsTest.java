package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.PointOutcome.SearchOutcome;
import org.streambench.harness.results.PointOutcome.Trial;
import org.streambench.harness.results.RunResult;

class EarlierFindingsTest {
  private static final String SEARCH = "engine=flink,search";
  private static final String DRAIN = "engine=flink,mode=drain";

  private final List<List<String>> asked = new ArrayList<>();
  private final Map<String, RunResult> stored =
      Map.of(
          "t1", withConfig("t1", Map.of("run.driver-threads", "1/1", "run.warmup", "10s")),
          "t2", withConfig("t2", Map.of("run.driver-threads", "2/2", "run.warmup", "20s")),
          "d1", withConfig("d1", Map.of("run.records", "100000")),
          "d2", withConfig("d2", Map.of("run.records", "1000000")),
          "d3", withConfig("d3", Map.of("run.records", "400000")));

  private static RunResult withConfig(String id, Map<String, String> config) {
    return ReportFixtures.run(
        id, "flink", 1_000, "valid", 5, 0.01, List.of(), config, "/nonexistent/" + id);
  }

  private List<RunResult> runs(List<String> ids) {
    asked.add(ids);
    return ids.stream().map(stored::get).filter(Objects::nonNull).toList();
  }

  private static PointOutcome search(int rep, String driver, String warmup) {
    List<Trial> trials =
        List.of(new Trial(10_000, "t1", false, "x"), new Trial(10_000, "t2", true, "y"));
    return new PointOutcome(
        SEARCH,
        rep,
        Map.of(),
        PointOutcome.SEARCH,
        "converged",
        List.of("t1", "t2"),
        new SearchOutcome(10_000, 11_000, true, trials, "converged", driver, warmup));
  }

  private static PointOutcome drain(int rep, String... runIds) {
    return new PointOutcome(DRAIN, rep, Map.of(), PointOutcome.RUN, "valid", List.of(runIds), null);
  }

  /** A suite stored before searches kept what they ended with: its last trial's, from the store. */
  @Test
  void aResumedSuitesSearchEndsWithWhatItsLastTrialRanWith() throws Exception {
    EarlierFindings findings =
        EarlierFindings.restore(List.of(search(1, null, null)), false, this::runs);
    SearchOutcome found = findings.search(SEARCH, 1);
    assertEquals("2/2", found.driverThreads());
    assertEquals("20s", found.warmup());
    assertEquals(10_000, found.sustainableRate());
    assertEquals(List.of(List.of("t2")), asked);
    assertNull(findings.search(SEARCH, 2), "another repetition's search");
  }

  @Test
  void aSearchStoredWithItsEndIsTakenAsItIs() throws Exception {
    PointOutcome done = search(1, "4/4", "40s");
    EarlierFindings findings = EarlierFindings.restore(List.of(done), true, this::runs);
    assertEquals(done.search(), findings.search(SEARCH, 1));
    assertEquals(List.of(), asked);
  }

  @Test
  void aResumedSuitesDrainsStartFromTheLargestPreFillTheyRanWith() throws Exception {
    List<PointOutcome> done = List.of(drain(1, "d1", "d2"), drain(2, "d3"));
    assertEquals(1_000_000, EarlierFindings.restore(done, true, this::runs).drainRecords(DRAIN, 5));
    assertEquals(5, EarlierFindings.restore(done, false, this::runs).drainRecords(DRAIN, 5));
  }

  @Test
  void aResizeReplacesTheEarlierOneAndASearchIsKeptByRepetition() throws Exception {
    EarlierFindings findings = EarlierFindings.restore(List.of(), true, this::runs);
    assertEquals(100_000, findings.drainRecords(DRAIN, 100_000));
    findings.resized(DRAIN, 3_000_000);
    findings.resized(DRAIN, 2_000_000);
    assertEquals(2_000_000, findings.drainRecords(DRAIN, 100_000));
    SearchOutcome second = search(2, "1/1", "10s").search();
    findings.found(SEARCH, 2, second);
    assertEquals(second, findings.search(SEARCH, 2));
    assertNull(findings.search(SEARCH, 1));
  }
}
