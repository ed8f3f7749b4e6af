package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one rule of resolved and not resolved, and a suite's run-to-run noise. */
class ResolutionTest {
  private static Spread of(double... values) {
    return Spread.of(java.util.Arrays.stream(values).boxed().toList());
  }

  @Test
  void intervalsApartAreResolved() {
    Resolution r = Resolution.of(of(100, 102, 104), of(110, 112, 114));
    assertTrue(r.resolved());
    assertEquals(10 / 102.0, r.change(), 1e-12);
    assertEquals("B +9.8%, resolved", Resolution.of(of(100, 102, 104), of(110, 112, 113)).text());
  }

  @Test
  void overlappingIntervalsAreNotResolvedAndSayWhatCouldHaveBeen() {
    // A 100 [96–104], B 103 [99–107]: half-widths 4 + 4 = 8 % of A
    Resolution r = Resolution.of(of(96, 100, 104), of(99, 103, 107));
    assertFalse(r.resolved());
    assertEquals(Resolution.Kind.NOT_RESOLVED, r.kind());
    assertEquals(0.08, r.resolvable(), 1e-12);
    assertEquals("B +3.0%, not resolved (smallest resolvable 8.0%)", r.text());
  }

  @Test
  void aSingleRunIsNeverResolved() {
    Resolution r = Resolution.of(of(100), of(200, 201));
    assertEquals(Resolution.Kind.NO_ESTIMATE, r.kind());
    assertTrue(r.text().contains("not resolved: single run"), r.text());
    assertEquals("no valid run", Resolution.of(Spread.NONE, of(1, 2)).text());
  }

  @Test
  void withinRunNoiseIsNamedAsSuch() {
    Resolution apart = Resolution.between(10, 9.9, 10.1, 12, 11.9, 12.1, true);
    assertTrue(apart.resolved());
    assertEquals("beyond within-run noise only: repeat to resolve", apart.verdict());
    Resolution inside = Resolution.between(10, 8, 12, 11, 9, 13, true);
    assertEquals("not resolved, within-run noise (smallest it shows 40%)", inside.verdict());
  }

  @Test
  void aTinyResolvedDifferenceIsNotPrintedAsNone() {
    // 20,000 against 20,000.3 records/s, each interval ±0.05: apart, so printed as a change
    Resolution r =
        Resolution.between(20_000, 19_999.95, 20_000.05, 20_000.3, 20_000.25, 20_000.35, false);
    assertTrue(r.resolved());
    assertEquals("B +0.0015%, resolved", r.text());
    assertEquals(
        "B 0.0%, not resolved (smallest resolvable 0.0040%)",
        Resolution.between(5, 4.9999, 5.0001, 5, 4.9999, 5.0001, false).text());
  }

  @Test
  void runToRunNoiseIsTheMedianAndLargestRelativeSpread() {
    Map<String, Spread> spreads = new LinkedHashMap<>();
    spreads.put("a", of(95, 105)); // 10 / 100
    spreads.put("b", of(195, 200, 205)); // 10 / 200
    spreads.put("c", of(45, 55)); // 10 / 50
    spreads.put("single", of(1));
    RunToRunNoise n = RunToRunNoise.of("throughput in (rec/s)", spreads);
    assertEquals(3, n.samples());
    assertEquals(0.10, n.median(), 1e-12);
    assertEquals(0.20, n.largest(), 1e-12);
    assertEquals("c", n.largestIn());
    assertEquals(
        "throughput in (rec/s): 10% (median of 3 configurations' (max − min) / median), largest"
            + " 20% (c)",
        n.text());
    assertNull(RunToRunNoise.of("x", Map.of("single", of(1))));
    assertEquals(
        List.of(RunToRunNoise.NOT_MEASURED),
        RunToRunNoise.lines(Map.of("x", Map.of("single", of(1)))));
  }

  @Test
  void smallFiguresKeepTwoSignificantDigitsWithoutAnExponent() {
    assertEquals("8.4%", Resolution.percent(0.084));
    assertEquals("12%", Resolution.percent(0.12));
    assertEquals("0.0%", Resolution.percent(0));
    assertEquals("0.0040%", Resolution.percent(0.00004));
    assertEquals("0.000083%", Resolution.percent(8.3e-7));
    assertEquals("+0.000083%", Resolution.signedPercent(8.3e-7));
    assertEquals("-0.0012%", Resolution.signedPercent(-1.2e-5));
    assertEquals("-12.0%", Resolution.signedPercent(-0.12));
  }
}
