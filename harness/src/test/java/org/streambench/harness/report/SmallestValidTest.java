package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.streambench.harness.report.model.ReportFixtures.failed;
import static org.streambench.harness.report.model.ReportFixtures.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

/** The smallest heap (or any size) from which every run kept up, the values below it named. */
class SmallestValidTest {
  private final List<PointOutcome> points = new ArrayList<>();
  private final Map<String, RunResult> runs = new LinkedHashMap<>();

  /** Two repetitions of {@code engine} at {@code heap}, each valid or failed as given. */
  private void heap(String engine, String heap, boolean first, boolean second) {
    boolean[] valid = {first, second};
    for (int rep = 1; rep <= 2; rep++) {
      String id = engine + "-" + heap + "-" + rep;
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("engine", engine);
      labels.put("rate", "5000");
      labels.put("set:jvm.heap", heap);
      points.add(
          new PointOutcome(
              "engine=" + engine + ",heap=" + heap,
              rep,
              labels,
              PointOutcome.RUN,
              "completed",
              List.of(id),
              null));
      runs.put(id, valid[rep - 1] ? run(id, engine, 5000, 10) : failed(id, engine, 5000));
    }
  }

  private List<String> lines() {
    SuiteRecord suite =
        new SuiteRecord("s1", "demo", null, null, null, "completed", "{\"repetitions\": 2}");
    return HeadlineSection.lines(
        ReportModel.ofSuite(new StoredSuite(suite, points, runs)),
        new SuiteSpec.Headline(SmallestValid.ID, "set:jvm.heap"));
  }

  @Test
  void fromTheSmallestSizeOnWhichEveryLargerOneKeptUpTooOrderedBySizeNotAsListed() {
    heap("flink", "1g", true, true);
    heap("flink", "48m", true, true);
    heap("flink", "32m", true, false);
    heap("flink", "16m", false, false);
    heap("storm", "16m", true, true);
    heap("storm", "1g", false, true);
    List<String> lines = lines();
    assertEquals(
        "## Headline: smallest value with every run valid across set:jvm.heap", lines.get(0));
    int flink = lines.indexOf("- engine=flink: every run valid from heap=48m up");
    assertEquals(
        List.of(
            "  - heap=32m: 1 of 2 NOT VALID, 1 valid (1× engine never became ready)",
            "  - heap=16m: 2 of 2 NOT VALID (2× engine never became ready)"),
        lines.subList(flink + 1, flink + 3),
        lines.toString());
    // a smaller heap that kept up does not count while a larger one did not
    int storm =
        lines.indexOf("- engine=storm: no value with every run valid up to the largest, heap=1g");
    assertEquals(
        "  - heap=1g: 1 of 2 NOT VALID, 1 valid (1× engine never became ready)",
        lines.get(storm + 1),
        lines.toString());
  }

  @Test
  void sizesAndNumbersAreOrderedAndAnythingElseIsNot() {
    assertEquals(Optional.of(48.0 * 1024 * 1024), SmallestValid.size("48m"));
    assertEquals(Optional.of(1024.0 * 1024 * 1024), SmallestValid.size("1G"));
    assertEquals(Optional.of(4.0), SmallestValid.size("4"));
    assertEquals(Optional.empty(), SmallestValid.size("5ms"));
    assertEquals(Optional.empty(), SmallestValid.size("hashmap"));
  }
}
