package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.verifier.Verdict;

class ResultJsonTest {
  /** The typed fields keep the ids result.json has always had, so older files still read. */
  @Test
  void typedFieldsAreWrittenAndReadByTheirIds() throws Exception {
    RunResult r = SampleResults.run("r1", "flink", "2026-01-01T00:00:00Z");
    String json = ResultJson.toJson(r);

    assertTrue(json.contains("\"status\" : \"completed\""), json);
    assertTrue(json.contains("\"verdict\" : \"invalid\""), json);
    assertTrue(json.contains("\"mode\" : \"fixed-rate\""), json);
    assertTrue(json.contains("\"guarantee\" : \"at-least-once\""), json);

    RunResult back = ResultJson.fromJson(json);
    assertEquals(RunResult.Status.COMPLETED, back.status());
    assertEquals(Verdict.Status.INVALID, back.verdict());
    assertEquals(Mode.FIXED_RATE, back.mode());
    assertEquals(Guarantee.AT_LEAST_ONCE, back.guarantee());
  }

  /** Findings are written with their kind and severity ids and read back as they were. */
  @Test
  void findingsAreWrittenByTheirKindsAndReadBack() throws Exception {
    RunResult r = SampleResults.run("r1", "flink", "2026-01-01T00:00:00Z");
    String json = ResultJson.toJson(r);
    assertTrue(json.contains("\"kind\" : \"driver-bound\""), json);
    assertTrue(json.contains("\"severity\" : \"invalid\""), json);
    RunResult back = ResultJson.fromJson(json);
    assertEquals(r.findings(), back.findings());
    assertTrue(back.has(Finding.Kind.DRIVER_BOUND, Finding.Severity.INVALID));
    assertEquals(List.of("single run: no repetitions, no spread"), back.warnings());
  }

  /**
   * A result of format 1 kept texts only: its reasons and warnings read as findings, of the kinds
   * that format's judge wrote at their start, unclassified where none fits.
   */
  @Test
  void aFormatOneResultReadsItsTextsAsFindings() throws Exception {
    String json =
        """
        {"formatVersion":1,"status":"completed","verdict":"invalid",
         "reasons":["driver-bound: the generator fell 150.0 ms behind","3 lost records (x)"],
         "warnings":["drain too short for a steady part (fewer than 3 seconds)",
                     "not keeping up: the backlog grew","broker-bound: the run's processes",
                     "7 lost, which at-most-once allows","single run: no repetitions, no spread"]}
        """;
    RunResult r = ResultJson.fromJson(json);
    assertEquals(
        List.of(
            Finding.invalid(
                Finding.Kind.DRIVER_BOUND, "driver-bound: the generator fell 150.0 ms behind"),
            Finding.invalid(Finding.Kind.UNCLASSIFIED, "3 lost records (x)"),
            Finding.warning(
                Finding.Kind.DRAIN_TOO_SHORT,
                "drain too short for a steady part (fewer than 3 seconds)"),
            Finding.warning(Finding.Kind.NOT_KEEPING_UP, "not keeping up: the backlog grew"),
            Finding.warning(Finding.Kind.RIG_BOUND, "broker-bound: the run's processes"),
            Finding.warning(Finding.Kind.LOST, "7 lost, which at-most-once allows"),
            Finding.warning(Finding.Kind.SINGLE_RUN, "single run: no repetitions, no spread")),
        r.findings());
    assertTrue(ResultJson.toJson(r).contains("\"findings\""));
    assertTrue(!ResultJson.toJson(r).contains("\"reasons\""), "written in the new form");
  }

  @Test
  void everyIdReadsBack() throws Exception {
    for (RunResult.Status s : RunResult.Status.values()) {
      for (Guarantee g : Guarantee.values()) {
        for (Mode m : Mode.values()) {
          String json =
              "{\"status\":\"%s\",\"guarantee\":\"%s\",\"mode\":\"%s\",\"verdict\":\"unknown\"}"
                  .formatted(s, g.id(), m.id());
          RunResult r = ResultJson.fromJson(json);
          assertEquals(s, r.status());
          assertEquals(g, r.guarantee());
          assertEquals(m, r.mode());
          assertEquals(Verdict.Status.UNKNOWN, r.verdict());
        }
      }
    }
  }

  /**
   * A search keeps the driver threads and warm-up it ended with, for the points relative to it on
   * --resume; one stored before it kept them reads back without them.
   */
  @Test
  void aSearchKeepsWhatItEndedWithAndAnOlderOneReadsWithout() throws Exception {
    PointOutcome.SearchOutcome search =
        new PointOutcome.SearchOutcome(
                80_000,
                100_000,
                true,
                List.of(new PointOutcome.Trial(80_000, "r1", true, "sustainable")),
                "converged",
                null,
                null)
            .endedWith("2", "40s");
    PointOutcome point =
        new PointOutcome(
            "engine=storm",
            1,
            java.util.Map.of(),
            PointOutcome.SEARCH,
            "converged",
            List.of("r1"),
            search);
    PointOutcome back = ResultJson.fromJson(ResultJson.toJson(point), PointOutcome.class);
    assertEquals("2", back.search().driverThreads());
    assertEquals("40s", back.search().warmup());

    String older =
        "{\"pointKey\":\"engine=storm\",\"repetition\":1,\"kind\":\"search\","
            + "\"search\":{\"sustainableRate\":80000,\"converged\":true,\"trials\":[]}}";
    PointOutcome old = ResultJson.fromJson(older, PointOutcome.class);
    assertEquals(80_000, old.search().sustainableRate());
    assertNull(old.search().warmup());
  }
}
