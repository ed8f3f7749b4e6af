package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.Resolution.Kind;

/** How the index says what the answer to a question rests on. */
class ResultsIndexTest {
  private static Resolution judged(Kind kind) {
    return new Resolution(kind, 0.1, 0.05, false);
  }

  private static HeadlineSection.Group group(int lowerBounds, Kind... kinds) {
    return new HeadlineSection.Group(
        "sentence",
        List.of(),
        List.of(kinds).stream().map(ResultsIndexTest::judged).toList(),
        lowerBounds);
  }

  @Test
  void theResolutionCountsEachDifferenceByHowItWasJudged() {
    assertEquals(
        "2 of 4 differences resolved; 1 within the noise; 1 from single runs (no noise estimate);"
            + " 1 value is a lower bound (a search that did not converge)",
        QuestionTable.resolution(
            List.of(
                group(1, Kind.RESOLVED, Kind.NOT_RESOLVED),
                group(0, Kind.RESOLVED, Kind.NO_ESTIMATE))));
    assertEquals(
        "0 of 1 difference resolved; 1 within the noise",
        QuestionTable.resolution(List.of(group(0, Kind.NOT_RESOLVED))));
    assertEquals("no two values to compare", QuestionTable.resolution(List.of(group(0))));
  }

  @Test
  void aControlsFalseAlarmsAreCountedApartFromTheAnswersDifferences() {
    assertEquals(
        "0 of 1 difference resolved; 1 within the noise; control variant=control: 1 false alarm in"
            + " 6 pairs",
        QuestionTable.resolution(
            List.of(group(0, Kind.NOT_RESOLVED)),
            List.of(new HeadlineSection.Control("variant=control", 6, 6, 1))));
    assertEquals(
        "control variant=control not judged",
        QuestionTable.resolution(
            List.of(), List.of(new HeadlineSection.Control("variant=control", 2, 0, 0))));
  }
}
