package org.streambench.harness.run;

import java.util.List;
import java.util.Optional;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;

/**
 * The steady part of a drain's per-second output series: the engine at full speed, without its
 * ramp-up (after readiness: first fetches, JIT, state warming) and its tail (the last records of
 * the backlog, a window's delay). It runs from the first second whose output reaches half the
 * median of the seconds with output, that second left out (its output belongs to the time before
 * it: the ramp-up, or the first burst's accumulation), to the last such second, which is kept if it
 * reaches the median (a full second, or a burst that ends the part) and left out if not (a partial
 * tail). So bursty output (window results, Flink's exactly-once output seen at each checkpoint)
 * counts whole periods between its bursts. The input drained in it is taken as the input's share of
 * the output that came in it: the input is generated uniformly, so every workload's output (each
 * record, a match, a window) falls evenly over it.
 *
 * @param fromSecond first second of the steady part
 * @param toSecond the second after its last
 * @param outputs output records received in it
 */
public record DrainSteadyPart(long fromSecond, long toSecond, long outputs) {
  /** Fewer steady seconds than this say nothing about a steady rate. */
  static final int MIN_SECONDS = 3;

  /** The steady seconds of a stored drain, 0 if it had no steady part. */
  public static double seconds(RunResult r) {
    boolean none = r.has(Finding.Kind.DRAIN_TOO_SHORT, Finding.Severity.WARNING);
    return none || r.throughput() == null ? 0 : r.throughput().steadySeconds();
  }

  public static Optional<DrainSteadyPart> of(List<IntervalPoint> series) {
    long[] nonzero =
        series.stream().mapToLong(IntervalPoint::out).filter(n -> n > 0).sorted().toArray();
    if (nonzero.length == 0) {
      return Optional.empty();
    }
    long median = nonzero[(nonzero.length - 1) / 2];
    IntervalPoint first = null;
    IntervalPoint last = null;
    for (IntervalPoint p : series) {
      if (p.out() >= median / 2.0) {
        first = first == null ? p : first;
        last = p;
      }
    }
    long from = first.second() + 1;
    long to = last.out() >= median ? last.second() + 1 : last.second();
    if (to - from < MIN_SECONDS) {
      return Optional.empty();
    }
    long outputs =
        series.stream()
            .filter(p -> p.second() >= from && p.second() < to)
            .mapToLong(IntervalPoint::out)
            .sum();
    return Optional.of(new DrainSteadyPart(from, to, outputs));
  }

  long seconds() {
    return toSecond - fromSecond;
  }

  /** Input records/s in the steady part, from its share of all {@code received} outputs. */
  double inputPerSecond(long inputs, long received) {
    return (double) inputs * outputs / received / seconds();
  }

  double outputPerSecond() {
    return (double) outputs / seconds();
  }
}
