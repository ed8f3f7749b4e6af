package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.streambench.harness.report.model.ReportFixtures.run;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.RunResult;

/** Stored runs grouped into configurations, and their names. */
class ReportConfigurationsTest {
  private static RunResult withSetting(String id, String engine, String timeout) {
    return run(
        id,
        engine,
        1000,
        "valid",
        5,
        0.01,
        List.of(),
        Map.of("engine.flink.buffer-timeout", timeout, "engine.jvm.options", "-Xmx1g -D" + engine),
        "/nonexistent");
  }

  @Test
  void runsWithTheSameSettingsAreRepetitions() {
    List<Configuration> cs =
        Configurations.fromRuns(
            List.of(
                withSetting("a", "flink", "5ms"),
                withSetting("b", "flink", "5ms"),
                withSetting("c", "flink", "100ms"),
                withSetting("d", "baseline", "5ms")));
    assertEquals(3, cs.size());
    assertEquals(
        List.of("rep 1", "rep 2"), cs.get(0).members().stream().map(m -> m.label()).toList());
    assertEquals("flink, buffer-timeout=5ms", cs.get(0).name());
    assertEquals("flink, buffer-timeout=100ms", cs.get(1).name());
    // JVM options differ between engines but not within one: they do not split configurations
    assertEquals("baseline, buffer-timeout=5ms", cs.get(2).name());
  }

  @Test
  void aSweepFormsOneCurvePerEngine() {
    List<Configuration> cs =
        Configurations.fromRuns(
            List.of(
                run("a", "flink", 1000, 5),
                run("b", "flink", 2000, 6),
                run("c", "baseline", 1000, 3),
                run("d", "baseline", 2000, 4),
                run("e", "baseline", 4000, 9)));
    List<RateCurve> curves = RateCurve.of(cs);
    assertEquals(List.of("flink", "baseline"), curves.stream().map(RateCurve::name).toList());
    assertEquals(
        List.of(1000L, 2000L, 4000L),
        curves.get(1).points().stream().map(Configuration::rate).toList());
  }

  @Test
  void aPointAtAShareOfASearchedRateSitsAtTheMedianOfItsRepetitionsRates() {
    // 90 % of a rate searched in each repetition: every repetition ran at its own rate
    List<Configuration.Member> reps =
        List.of(
            new Configuration.Member("rep 1", run("a", "flink", 1080, 5)),
            new Configuration.Member("rep 2", run("b", "flink", 900, 5)),
            new Configuration.Member("rep 3", run("c", "flink", 990, 5)));
    Configuration point =
        new Configuration("k", "flink", Map.of("rate", "90%"), false, reps, List.of());
    assertEquals(990, point.rate());
  }

  @Test
  void medianAndRangeIgnoreMissingValues() {
    assertEquals(
        new Spread(3, 2, 1, 9, new MedianInterval(3, 1, 1, 9, 0.75)),
        Spread.of(List.of(9.0, 1.0, 2.0, Double.NaN)));
    assertEquals(
        new Spread(2, 1.5, 1, 2, new MedianInterval(2, 1, 1, 2, 0.5)),
        Spread.of(List.of(2.0, 1.0)));
    assertEquals(0, Spread.of(List.of()).n());
  }
}
