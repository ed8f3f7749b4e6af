package org.streambench.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;

/** The verifier's rule per guarantee: which lost, duplicated and phantom records are errors. */
class VerdictBuilderTest {

  private static Verdict judge(String guarantee, String kind, long count) {
    return new VerdictBuilder(Guarantee.parse(guarantee))
        .count("expected", 100)
        .error(kind, count, kind + " records")
        .build();
  }

  @Test
  void lossIsAnErrorUnlessAtMostOnce() {
    assertEquals(Verdict.Status.VALID, judge("at-most-once", "lost", 3).status());
    for (String g : List.of("at-least-once", "exactly-once")) {
      Verdict v = judge(g, "lost", 3);
      assertEquals(Verdict.Status.INVALID, v.status(), g);
      assertEquals(
          List.of(new Verdict.Reason("lost", "3 lost records (" + g + " forbids loss)")),
          v.reasons());
    }
  }

  @Test
  void duplicatesAreAnErrorUnlessAtLeastOnce() {
    assertEquals(Verdict.Status.VALID, judge("at-least-once", "duplicated", 2).status());
    for (String g : List.of("at-most-once", "exactly-once")) {
      Verdict v = judge(g, "duplicated", 2);
      assertEquals(Verdict.Status.INVALID, v.status(), g);
      assertEquals(
          List.of(
              new Verdict.Reason(
                  "duplicated", "2 duplicated records (" + g + " forbids duplicates)")),
          v.reasons());
    }
  }

  @Test
  void phantomRecordsAreAnErrorUnderEveryGuarantee() {
    for (String g : List.of("at-most-once", "at-least-once", "exactly-once")) {
      Verdict v = judge(g, "phantom", 1);
      assertEquals(Verdict.Status.INVALID, v.status(), g);
      assertEquals(
          List.of(new Verdict.Reason("phantom", "1 phantom records (never allowed)")), v.reasons());
    }
  }

  @Test
  void errorsAreCountedEvenWhenAllowedAndZeroIsNeverAnError() {
    Verdict allowed = judge("at-most-once", "lost", 7);
    assertEquals(7L, allowed.counts().get("lost"));
    assertTrue(allowed.reasons().isEmpty());
    assertEquals(Verdict.Status.VALID, judge("exactly-once", "phantom", 0).status());
  }

  @Test
  void aWorkloadsOwnViolationIsAlwaysAnErrorAndExamplesAreCapped() {
    VerdictBuilder v = new VerdictBuilder(Guarantee.parse("at-least-once"));
    v.violation("alerts", 1, "1 state machine alert");
    for (int i = 0; i < 10; i++) {
      v.example("alerts", "alert " + i);
    }
    Verdict built = v.build();
    assertEquals(List.of(new Verdict.Reason("alerts", "1 state machine alert")), built.reasons());
    assertEquals(VerdictBuilder.MAX_EXAMPLES, built.examples().get("alerts").size());
  }
}
