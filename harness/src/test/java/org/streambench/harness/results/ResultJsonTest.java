package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
