package org.streambench.harness.run;

import java.util.List;
import java.util.Optional;
import org.streambench.harness.collector.IntervalPoint;

/**
 * The steady part of a drain's per-second output series: the engine at full speed, without its
 * ramp-up (after readiness: first fetches, JIT, state warming) and its tail (the last records of
 * the backlog, a window's delay). Its seconds are those strictly between the first and the last
 * second whose output reaches half the median of the seconds with output; the edge seconds
 * themselves are partial and left out. The input drained in it is taken as the input's share of the
 * output that came in it: the input is generated uniformly, so every workload's output (each
 * record, a match, a window) falls evenly over it.
 *
 * @param fromSecond first second of the steady part
 * @param toSecond the second after its last
 * @param outputs output records received in it
 */
record DrainSteadyPart(long fromSecond, long toSecond, long outputs) {
  /** Fewer steady seconds than this say nothing about a steady rate. */
  static final int MIN_SECONDS = 3;

  static Optional<DrainSteadyPart> of(List<IntervalPoint> series) {
    long[] nonzero =
        series.stream().mapToLong(IntervalPoint::out).filter(n -> n > 0).sorted().toArray();
    if (nonzero.length == 0) {
      return Optional.empty();
    }
    double half = nonzero[(nonzero.length - 1) / 2] / 2.0;
    long first = -1;
    long last = -1;
    for (IntervalPoint p : series) {
      if (p.out() >= half) {
        first = first < 0 ? p.second() : first;
        last = p.second();
      }
    }
    long from = first + 1;
    long to = last;
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
