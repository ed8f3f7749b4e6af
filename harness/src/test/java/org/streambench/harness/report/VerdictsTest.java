package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.suite.LatencyObjective;

/** A configuration's verdicts cell: valid runs past the suite's objective are said so. */
class VerdictsTest {
  @Test
  void aValidRunPastTheSuitesLatencyObjectiveIsCountedAndNamed() {
    Configuration c =
        ReportModel.ofRuns(
                "t",
                "two runs",
                List.of(
                    ReportFixtures.run("a", "flink", 1000, 2_000.0),
                    ReportFixtures.run("b", "flink", 1000, 4_420.0)))
            .configurations()
            .get(0);
    assertEquals(2, c.runs().size());
    assertEquals(
        "2 valid, 1 above the objective p99 <= 3s",
        Verdicts.of(c, LatencyObjective.parse("p99 <= 3s")).text());
    assertEquals("warn", Verdicts.of(c, LatencyObjective.parse("p99 <= 3s")).cssClass());
    assertEquals("2 valid", Verdicts.of(c).text());
  }
}
