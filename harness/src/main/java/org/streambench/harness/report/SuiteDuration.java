package org.streambench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/**
 * How long a suite took, from start to end and in its runs: a resumed suite's start to end also
 * holds the time between the interruption and {@code --resume}, its runs' time does not.
 */
final class SuiteDuration {
  private SuiteDuration() {}

  static String of(SuiteRecord suite, List<RunResult> runs) {
    return of(
        suite.startedAt(),
        suite.finishedAt(),
        runs.stream()
            .filter(r -> r.startedAt() != null && r.finishedAt() != null)
            .map(r -> Duration.between(Instant.parse(r.startedAt()), Instant.parse(r.finishedAt())))
            .toList());
  }

  /** For example "took 48 min 29 s from start to end, 21 runs of 30 min 2 s in all". */
  static String of(String startedAt, String finishedAt, List<Duration> runs) {
    String took =
        startedAt == null || finishedAt == null
            ? "unfinished"
            : "took " + between(startedAt, finishedAt) + " from start to end";
    Duration running = runs.stream().reduce(Duration.ZERO, Duration::plus);
    return String.format(
        "%s, %d %s of %s in all",
        took, runs.size(), runs.size() == 1 ? "run" : "runs", minutes(running));
  }

  private static String between(String from, String to) {
    return minutes(Duration.between(Instant.parse(from), Instant.parse(to)));
  }

  private static String minutes(Duration d) {
    return String.format("%d min %d s", d.toMinutes(), d.toSecondsPart());
  }
}
