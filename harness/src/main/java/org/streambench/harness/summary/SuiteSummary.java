package org.streambench.harness.summary;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.report.model.FaultSilence;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.MedianInterval;
import org.streambench.harness.report.model.RunToRunNoise;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * The end-of-suite table: per point, its repetitions' median and its confidence interval of
 * throughput and p99, or a search's sustainable rate and trials; under it the suite's run-to-run
 * noise ({@link RunToRunNoise}) and the points one setting apart, each difference resolved or not
 * ({@link PointDifferences}).
 */
public final class SuiteSummary {
  private static final String IN = "in records/s";
  private static final String PER_CORE = "in per engine core";
  private static final String P99 = "e2e p99 ms";
  private static final String SUSTAINABLE = "sustainable rate";

  private SuiteSummary() {}

  /**
   * @param outcomes the suite's finished points
   * @param runs every run of those points by id
   */
  public static void print(
      List<PointOutcome> outcomes,
      Map<String, RunResult> runs,
      Map<String, String> constant,
      PrintStream out) {
    Map<String, List<PointOutcome>> byKey = new LinkedHashMap<>();
    for (PointOutcome o : outcomes) {
      byKey.computeIfAbsent(o.pointKey(), k -> new ArrayList<>()).add(o);
    }
    out.printf(
        "%-60s %5s %-10s %26s %26s %24s%n",
        "point", "reps", "status", "in records/s", "in per engine core", "e2e p99 ms");
    List<PointDifferences.Point> compared = new ArrayList<>();
    for (List<PointOutcome> reps : byKey.values()) {
      PointOutcome first = reps.get(0);
      String label = describe(first, constant);
      if (PointOutcome.SEARCH.equals(first.kind())) {
        Spread rates =
            Spread.of(
                reps.stream()
                    .filter(o -> o.search() != null)
                    .map(o -> (double) o.search().sustainableRate())
                    .toList());
        compared.add(
            new PointDifferences.Point(label, first.labels(), true, Map.of(SUSTAINABLE, rates)));
        for (PointOutcome o : reps) {
          out.printf(
              "%-60s %5d %-10s sustainable %,14d  (%d trials)%n",
              label,
              o.repetition(),
              o.status(),
              o.search().sustainableRate(),
              o.search().trials().size());
        }
        continue;
      }
      List<RunResult> results = new ArrayList<>();
      long valid = 0;
      for (PointOutcome o : reps) {
        valid += "valid".equals(o.status()) ? 1 : 0;
        o.runIds().stream().map(runs::get).filter(r -> r != null).forEach(results::add);
      }
      // figures of valid runs only, as in the report: an invalid run's numbers do not hold
      List<RunResult> validRuns = results.stream().filter(RunResult::completedValid).toList();
      Map<String, Spread> figures = new LinkedHashMap<>();
      if (Figure.THROUGHPUT_IN.isMeasuredIn(validRuns)) {
        figures.put(IN, Spread.of(validRuns.stream().map(Figure.THROUGHPUT_IN::of).toList()));
      }
      figures.put(
          PER_CORE, Spread.of(validRuns.stream().map(Figure.IN_PER_ENGINE_CORE::of).toList()));
      figures.put(P99, Spread.of(validRuns.stream().map(Figure.E2E_P99::of).toList()));
      compared.add(new PointDifferences.Point(label, first.labels(), false, figures));
      out.printf(
          "%-60s %5d %-10s %26s %26s %24s%n",
          label,
          reps.size(),
          valid == reps.size() ? "valid" : valid + "/" + reps.size() + " valid",
          spread(validRuns, Figure.THROUGHPUT_IN::of, "%,.0f"),
          spread(validRuns, Figure.IN_PER_ENGINE_CORE::of, "%,.0f"),
          spread(
              validRuns,
              r ->
                  r.endToEndLatencyMicros() == null
                      ? Double.NaN
                      : r.endToEndLatencyMicros().p99() / 1e3,
              "%.1f"));
      long shortDrains =
          validRuns.stream()
              .filter(r -> r.has(Finding.Kind.DRAIN_TOO_SHORT, Finding.Severity.WARNING))
              .count();
      if (shortDrains > 0) {
        out.printf(
            "    %d of %d runs: drain too short for a steady part, start-up included; pre-fill"
                + " more records%n",
            shortDrains, validRuns.size());
      }
      if (results.stream().anyMatch(r -> r.faults() != null)) {
        out.println("    " + faults(results));
      }
      if (validRuns.stream()
          .anyMatch(r -> Figure.STATE_ON_DISK.of(r) > 0 || r.checkpoints() != null)) {
        out.println("    " + stateAndMemory(validRuns));
      }
    }
    noise(compared, out);
  }

  /**
   * Under the table: what its intervals cover, the suite's run-to-run noise, and the points one
   * setting apart, each difference resolved or not.
   */
  private static void noise(List<PointDifferences.Point> points, PrintStream out) {
    out.println();
    out.println(
        MedianInterval.note(points.stream().flatMap(p -> p.figures().values().stream()).toList()));
    Map<String, Map<String, Spread>> byFigure = new LinkedHashMap<>();
    for (String figure : List.of(IN, PER_CORE, P99, SUSTAINABLE)) {
      Map<String, Spread> spreads = new LinkedHashMap<>();
      points.stream()
          .filter(p -> p.figures().containsKey(figure))
          .forEach(p -> spreads.put(p.name(), p.figures().get(figure)));
      byFigure.put(figure, spreads);
    }
    out.println("this suite's run-to-run noise (each point repeated is an A/A sample):");
    RunToRunNoise.lines(byFigure).forEach(l -> out.println("  " + l));
    List<String> differences = PointDifferences.lines(points);
    if (!differences.isEmpty()) {
      out.println(
          "points one setting apart (resolved: the medians' confidence intervals share no value):");
      differences.forEach(out::println);
    }
  }

  /**
   * A point's faults in one line: lost and duplicated, the slowest recovery, the longest output gap
   * and the longest silence of each run (median and range over repetitions), and faults not
   * recovered.
   */
  private static String faults(List<RunResult> runs) {
    return String.format(
        "faults: lost %s, duplicated %s, slowest recovery %s s, longest output gap %s ms, longest"
            + " silence %s s%s%s",
        spread(runs, r -> count(r, "lost"), "%,.0f"),
        spread(runs, r -> count(r, "duplicated"), "%,.0f"),
        spread(runs, r -> worst(r, RunResult.Fault::recoverySeconds), "%.1f"),
        spread(runs, r -> worst(r, RunResult.Fault::outputGapMillis), "%.0f"),
        spread(runs, r -> worst(r, f -> asDouble(FaultSilence.seconds(r, f))), "%.0f"),
        faultsIn(runs, Recovery.NOT_RECOVERED),
        faultsIn(runs, Recovery.UNKNOWN));
  }

  /**
   * The memory and disk of a point whose engine keeps state or checkpoints on disk, in one line,
   * the state-backend study's figures beside its throughput and latency: the engine's peak RSS and
   * its heap after GC, the state on disk and the median checkpoint (median and range over
   * repetitions).
   */
  private static String stateAndMemory(List<RunResult> runs) {
    return String.format(
        "engine peak RSS %s MB, heap after GC %s MB, state on disk %s MB, checkpoint median %s ms",
        spread(runs, Figure.ENGINE_PEAK_RSS::of, "%,.0f"),
        spread(runs, Figure.ENGINE_HEAP_AFTER_GC::of, "%,.0f"),
        spread(runs, Figure.STATE_ON_DISK::of, "%,.1f"),
        spread(runs, Figure.CHECKPOINT_MEDIAN::of, "%,.0f"));
  }

  /** ", N <state>" for the faults of {@code runs} in that recovery state, or nothing. */
  private static String faultsIn(List<RunResult> runs, String state) {
    long n =
        runs.stream()
            .filter(r -> r.faults() != null)
            .flatMap(r -> r.faults().stream())
            .filter(f -> state.equals(f.recovery()))
            .count();
    return n == 0 ? "" : ", " + n + " " + state;
  }

  private static double count(RunResult r, String kind) {
    Long n = r.verification() == null ? null : r.verification().get(kind);
    return n == null ? Double.NaN : n;
  }

  private static Double asDouble(Long n) {
    return n == null ? null : n.doubleValue();
  }

  private static double worst(RunResult r, java.util.function.Function<RunResult.Fault, Double> f) {
    return r.faults() == null
        ? Double.NaN
        : r.faults().stream()
            .map(f)
            .filter(java.util.Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .max()
            .orElse(Double.NaN);
  }

  private static String describe(PointOutcome o, Map<String, String> constant) {
    StringBuilder b = new StringBuilder();
    o.labels()
        .forEach(
            (k, v) -> {
              if (!v.equals(constant.get(k))) {
                b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v);
              }
            });
    return b.length() == 0 ? o.pointKey() : b.toString();
  }

  /** Median, and its confidence interval [low–high] when there is more than one value. */
  static String spread(List<RunResult> runs, ToDoubleFunction<RunResult> metric, String format) {
    Spread s = Spread.of(runs.stream().map(r -> metric.applyAsDouble(r)).toList());
    if (s.n() == 0) {
      return "-";
    }
    String m = String.format(format, s.median());
    return s.n() == 1
        ? m
        : m
            + " ["
            + String.format(format, s.interval().low())
            + "–"
            + String.format(format, s.interval().high())
            + "]";
  }
}
