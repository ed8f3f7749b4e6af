package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.streambench.harness.suite.FloorPoints;

/**
 * The rig's own latency floor as a report states it: a suite's {@code floor: true} points (the
 * baseline engine on identity at the suite's rates and client settings) give the end-to-end latency
 * that the generator, the broker's two hops and the collector add to any engine at that rate.
 * Engines' latencies on the same page sit on it; a difference smaller than it is the rig's.
 */
public final class RigFloor {
  private static final Set<Figure> LATENCIES =
      Set.of(Figure.E2E_P50, Figure.E2E_P99, Figure.E2E_P999);

  private RigFloor() {}

  /** Whether the configuration measures the rig's floor. */
  public static boolean isFloor(Configuration c) {
    return c.labels().containsKey(FloorPoints.LABEL);
  }

  /** One sentence per floor configuration, from its stored runs; empty when there is none. */
  public static List<String> lines(List<Configuration> configurations) {
    List<String> lines = new ArrayList<>();
    for (Configuration c : configurations) {
      if (!isFloor(c)) {
        continue;
      }
      Spread p50 = c.spread(Figure.E2E_P50);
      Spread p99 = c.spread(Figure.E2E_P99);
      if (p50.n() == 0) {
        lines.add(
            String.format(
                Locale.ROOT,
                "The rig's floor at %,d records/s: no valid run (%s).",
                c.rate(),
                c.repetitions()));
        continue;
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "The rig's floor at %,d records/s (baseline on identity, the suite's Kafka client"
                  + " settings, %d valid run%s): e2e p50 %s ms, p99 %s ms.",
              c.rate(),
              p50.n(),
              p50.n() == 1 ? "" : "s",
              range(p50),
              range(p99)));
    }
    return lines;
  }

  /**
   * The floor beside an engine's latency: for an end-to-end latency {@code figure}, the floor's
   * value at {@code rate} as a note under a headline; empty for other figures or without a valid
   * floor run at that rate.
   */
  public static Optional<String> note(
      List<Configuration> configurations, long rate, Figure figure) {
    if (!LATENCIES.contains(figure)) {
      return Optional.empty();
    }
    return configurations.stream()
        .filter(c -> isFloor(c) && c.rate() == rate && c.spread(figure).n() > 0)
        .findFirst()
        .map(
            c ->
                String.format(
                    Locale.ROOT,
                    "the rig's own floor at %,d records/s (baseline on identity): %s %s ms",
                    rate,
                    figure.label(),
                    range(c.spread(figure))));
  }

  private static String range(Spread s) {
    return s.n() > 1
        ? String.format(Locale.ROOT, "%.2f [%.2f–%.2f]", s.median(), s.min(), s.max())
        : String.format(Locale.ROOT, "%.2f", s.median());
  }
}
