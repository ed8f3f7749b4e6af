package org.streambench.harness.results;

import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.verifier.Verdict;

/** Results as the harness stores them, with what stresses a database: non-ASCII, large text. */
final class SampleResults {
  /** Larger than MySQL's TEXT (64 KB), as a long failure log tail can be. */
  static final String LOG_TAIL = "ERROR spürbar ✓ 💥 ".repeat(6_000);

  private SampleResults() {}

  static RunResult run(String id, String engine, String startedAt) {
    return new RunResult(
        RunResult.FORMAT_VERSION,
        id,
        RunResult.Status.COMPLETED,
        Verdict.Status.INVALID,
        List.of(
            Finding.invalid(Finding.Kind.LOST, "lost 3 records"),
            Finding.invalid(Finding.Kind.DRIVER_BOUND, "driver-bound: généré en retard"),
            Finding.warning(Finding.Kind.SINGLE_RUN, "single run: no repetitions, no spread")),
        engine,
        "identity",
        Mode.FIXED_RATE,
        Guarantee.AT_LEAST_ONCE,
        2,
        2,
        startedAt,
        startedAt,
        "/tmp/" + id,
        new RunResult.Throughput(1000, 999.5, 10, Double.NaN, 3.25),
        new LatencySummary(100, 1, 2, 3, 4, 5, 6, 2.5),
        new LatencySummary(100, 1, 1, 1, 1, 1, 1, 1),
        Map.of("endToEnd", 0L, "engine", 0L),
        Map.of("expected", 100L, "lost", 3L),
        Map.of("lost", List.of("seq 17", "seq 500..501")),
        null,
        null,
        List.of(
            new ProcessUsage(
                "engine",
                42,
                1.5,
                0.3,
                1L << 33,
                "1",
                new GcSummary(2, 3.5, 2.5, 1L << 30, Double.NaN),
                List.of(new GcSecond(4, 2, 3.5, 1L << 30)),
                new DiskUsage(1 << 20, 3 << 20)),
            new ProcessUsage("broker", 43, 0.5, 0.1, 1 << 20)),
        Map.of("engine", List.of(0.25, 0.5)),
        List.of(),
        List.of(
            new RunResult.Fault(
                1,
                "kill:worker@every:10s",
                "kill",
                "worker",
                "taskmanager-1",
                4242,
                10.001,
                "2026-01-01T00:00:20.001Z",
                5.0,
                812.5,
                1L,
                "recovered",
                7.25,
                1234.5,
                6000,
                null,
                null),
            new RunResult.Fault(
                2,
                "kill:worker@every:10s",
                "kill",
                "worker",
                "taskmanager-2",
                4243,
                20.0,
                "2026-01-01T00:00:30Z",
                null,
                null,
                null,
                "not recovered",
                null,
                0,
                0,
                "could not start it again: boom",
                null)),
        Map.of("run.rate", "1000", "engine.flink.state", "größe"),
        "abc",
        Map.of("tool", Map.of("version", "0.1.0", "commit", "deadbeef")),
        new RunResult.Failure("nothing failed; a large log tail", LOG_TAIL),
        List.of(0L, 4096L, 8192L),
        null,
        List.of(
            new LagSeries(
                "run-group", List.of(new LagSeries.Point(0, 1200), new LagSeries.Point(1, 0)))),
        List.of(new Checkpoint(2.5, 1, "completed", 42, 4096, 8192, 3, -1)),
        null,
        new RunResult.Steady(10, 40),
        null,
        null,
        null,
        4.2);
  }

  static CalibrationResult calibration(String id) {
    return new CalibrationResult(
        1,
        id,
        "2026-01-03T00:00:00Z",
        "2026-01-03T00:02:00Z",
        "embedded",
        List.of(
            new CalibrationResult.SizeResult(
                24, 50_000, 900_000, 1_000_000, 0.9, 1.5, 40, 800_000, 1_000_000, 0.8, 1.2, 30)),
        List.of(new CalibrationResult.PacingResult(1000, 999, 0.999, 10, 50, 200, 0.01, 0.005, 1)),
        List.of(
            new CalibrationResult.ScalingResult(
                2,
                24,
                50_000,
                3,
                new CalibrationResult.Spread(800_000, 780_000, 820_000),
                new CalibrationResult.Spread(900_000, 850_000, 950_000),
                new CalibrationResult.Spread(0.89, 0.85, 0.93),
                new CalibrationResult.Spread(1_000_000, 990_000, 1_010_000),
                new CalibrationResult.Spread(2_000_000, 1_900_000, 2_100_000),
                new CalibrationResult.Spread(0.5, 0.48, 0.52))),
        Map.of("acks", "all"),
        Map.of("fetch.min.bytes", "1"),
        Map.of("host", Map.of("cores", 2)));
  }

  static SuiteRecord suite(String id, String name, String startedAt) {
    return new SuiteRecord(
        id, name, "suites/" + name + ".yaml", startedAt, null, SuiteRecord.RUNNING, "{\"x\":1}");
  }

  static PointOutcome point(String key, int repetition, String status, String... runIds) {
    return new PointOutcome(
        key,
        repetition,
        Map.of("engine", "flink", "rate", "1000"),
        PointOutcome.RUN,
        status,
        List.of(runIds),
        null);
  }
}
