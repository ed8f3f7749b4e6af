package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResult.WorkerShare;

/** The results page's table of workers' shares, from runs stored with them and read back. */
class ShareSectionTest {
  @Test
  void aSpareThatTookOverIsOneRowPerWorker() throws Exception {
    RunResult spare =
        ReportFixtures.withWorkers(
            ReportFixtures.run("r1", "baseline", 2000, 40),
            List.of(
                new WorkerShare(
                    "instance-1", false, List.of(new WorkerShare.Held(-3.0, List.of("in-0")))),
                new WorkerShare(
                    "instance-2",
                    false,
                    List.of(
                        new WorkerShare.Held(-3.0, List.of()),
                        new WorkerShare.Held(60.2, List.of("in-0"))))));
    ReportModel model = ReportModel.ofRuns("runs", "a spare", List.of(spare));
    assertTrue(ShareSection.applies(model));
    List<List<String>> rows = ShareSection.rows(model);
    assertEquals(2, rows.size());
    assertEquals(List.of("instance-1", "in-0"), rows.get(0).subList(2, 4));
    assertEquals(List.of("instance-2", "none; in-0 from 60.2 s"), rows.get(1).subList(2, 4));
    assertFalse(
        ShareSection.applies(
            ReportModel.ofRuns(
                "runs", "local", List.of(ReportFixtures.run("r2", "baseline", 2000, 40)))));
  }
}
