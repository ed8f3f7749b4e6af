package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.RunResult;

/** Which configurations two pages both measured. */
class SameConfigurationsTest {
  private static StoredSuite faulted(StoredSuite s, String spec) throws Exception {
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (var e : s.runs().entrySet()) {
      runs.put(
          e.getKey(),
          ReportFixtures.withFaults(
              e.getValue(), List.of(ReportFixtures.killed(spec, "worker-1", 4.0))));
    }
    return new StoredSuite(s.suite(), s.points(), runs);
  }

  private static Map<String, List<SameConfigurations.Match>> between(StoredSuite a, StoredSuite b) {
    return SameConfigurations.of(Map.of("a", ReportModel.ofSuite(a), "b", ReportModel.ofSuite(b)));
  }

  @Test
  void runsAlikeButForTheirFaultsAreNotTheSameConfiguration() throws Exception {
    StoredSuite suite = ReportHtmlTest.suite();
    assertFalse(between(suite, suite).getOrDefault("a", List.of()).isEmpty());
    StoredSuite restarted = faulted(suite, "kill:worker@8s");
    assertFalse(between(restarted, restarted).getOrDefault("a", List.of()).isEmpty());
    // a worker left down waits out its group's session; one started again does not
    assertEquals(Map.of(), between(restarted, faulted(suite, "kill:worker@8s:norestart")));
    assertEquals(Map.of(), between(suite, restarted));
  }
}
