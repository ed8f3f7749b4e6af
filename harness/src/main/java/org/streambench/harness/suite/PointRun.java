package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.streambench.harness.Durations;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;

/**
 * A point's measured run (any point but a search): at its own rate, or at its fraction of the
 * sustainable rate its configuration's search found in the same repetition, with what that search
 * ended with ({@link #asItEnded}), or skipped when the search found none; a drain resized by {@link
 * DrainSizing} to the suite's {@code drain-seconds} of steady part, from the pre-fill an earlier
 * repetition of the point found long enough; a fixed-rate run still working off its start-up
 * backlog repeated by {@link CatchUpRepeats#untilSteady}.
 */
final class PointRun {
  /** Status of a point whose rate is relative to a search that found no sustainable rate. */
  static final String SKIPPED = "skipped";

  private final long drainSeconds;
  private final LatencyObjective objective;
  private final EarlierFindings findings;
  private final Consumer<String> progress;

  /**
   * @param drainSeconds the steady part a drain is resized to, 0 for none
   * @param objective the suite's latency objective, or null
   * @param findings the searches its relative rates are fractions of, and its drains' sizes
   */
  PointRun(
      long drainSeconds,
      LatencyObjective objective,
      EarlierFindings findings,
      Consumer<String> progress) {
    this.drainSeconds = drainSeconds;
    this.objective = objective;
    this.findings = findings;
    this.progress = progress;
  }

  /**
   * Runs {@code point}'s repetition {@code rep}, each run by {@code runs}: its outcome, null if the
   * suite stopped.
   */
  PointOutcome run(SuitePoint point, int rep, CatchUpRepeats.Run runs)
      throws IOException, SQLException {
    RunRequest request = point.request();
    if (point.relativeTo() != null) {
      PointOutcome.SearchOutcome base = findings.search(point.relativeTo(), rep);
      if (base == null || base.sustainableRate() == 0) {
        progress.accept("  → skipped: its search found no sustainable rate");
        return new PointOutcome(
            point.key(), rep, point.labels(), PointOutcome.RUN, SKIPPED, List.of(), null);
      }
      long rate = point.rate().of(base.sustainableRate());
      progress.accept(
          String.format(
              "  at %,d records/s: %s of %,d%s",
              rate,
              point.labels().get("rate"),
              base.sustainableRate(),
              base.converged() ? "" : " (the search did not converge: a lower bound)"));
      request = asItEnded(base, request.withRate(rate));
    }
    RunRequest toRun = request;
    // the first repetition sizes a drain; the later ones repeat it as it is, so that a point's
    // repetitions are the same run (an A/A sample), not drains of several sizes
    RunResult r =
        DrainSizing.drain(
            rep == 1 ? drainSeconds : 0,
            findings.drainRecords(point.key(), request.records()),
            records -> runs.run(toRun.withRecords(records)),
            records -> findings.resized(point.key(), records),
            progress);
    if (r != null) {
      r = CatchUpRepeats.untilSteady(request, r, objective, runs, progress);
    }
    if (r == null) {
      return null;
    }
    String status =
        r.status() != RunResult.Status.COMPLETED
            ? "failed"
            : r.completedValid() ? "valid" : "invalid";
    progress.accept("  → " + status + headline(r));
    return new PointOutcome(
        point.key(), rep, point.labels(), PointOutcome.RUN, status, List.of(r.runId()), null);
  }

  /**
   * A search that doubled its driver threads after a driver-bound trial, or its warm-up after a
   * trial still working off its start-up backlog, found its rate with them, so the rates relative
   * to it run with them too.
   */
  static RunRequest asItEnded(PointOutcome.SearchOutcome search, RunRequest request) {
    if (search.driverThreads() == null || search.warmup() == null) {
      return request;
    }
    Duration warmup = Durations.parse(search.warmup());
    return request
        .withDriver(DriverThreads.ofDescribed(search.driverThreads()))
        .withWarmup(warmup.compareTo(request.warmup()) >= 0 ? warmup : request.warmup());
  }

  private static String headline(RunResult r) {
    if (r.throughput() == null) {
      return r.failure() == null ? "" : ": " + r.failure().reason();
    }
    // input, the figure the studies compare (a windowed workload's output counts windows)
    boolean behind = r.has(Finding.Kind.NOT_KEEPING_UP, Finding.Severity.WARNING);
    return String.format(
        ": in %,.0f records/s (out %,.0f), e2e p99 %s%s",
        r.throughput().inPerSecond(),
        r.throughput().outPerSecond(),
        r.endToEndLatencyMicros() == null
            ? "-"
            : String.format("%.1f ms", r.endToEndLatencyMicros().p99() / 1e3),
        behind ? ", NOT KEEPING UP" : "");
  }
}
