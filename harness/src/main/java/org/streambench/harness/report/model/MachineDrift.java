package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.streambench.harness.results.RunResult;

/**
 * How much of a suite's run-to-run noise the machine explains: across the valid runs, the Pearson
 * correlation between a run's headline figure and its CPU canary's arithmetic time (the core's own
 * speed, {@code CpuCanary}), each as a share of its configuration's median, so that configurations
 * of different speeds pool into one sample. Throughput near −1 (latency near +1) says the slow runs
 * were those on a slower machine: the noise is the host's, not the engines'.
 */
public final class MachineDrift {
  /** Fewer runs than this say nothing. */
  static final int MIN_RUNS = 6;

  private MachineDrift() {}

  /** One value of a run and its canary's arithmetic time. */
  record Pair(double value, double canary) {}

  /** The page's line, empty where too few runs have the figure and the canary. */
  public static Optional<String> line(List<Configuration> measured) {
    Figure f = pooled(measured);
    List<List<Pair>> groups = new ArrayList<>();
    for (Configuration c : measured) {
      List<Pair> pairs = new ArrayList<>();
      for (RunResult r : c.validRuns()) {
        double v = f.of(r);
        double canary = Figure.MACHINE_CANARY_ARITHMETIC.of(r);
        if (!f.isOffered(r) && Double.isFinite(v) && canary > 0) {
          pairs.add(new Pair(v, canary));
        }
      }
      groups.add(pairs);
    }
    int n = groups.stream().filter(g -> g.size() >= 2).mapToInt(List::size).sum();
    double r = correlation(groups);
    if (n < MIN_RUNS || Double.isNaN(r)) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            "%s (%s) against the CPU canary's arithmetic time, each run's as a share of its"
                + " configuration's median: Pearson r = %.2f over %d runs (%s near %s: the slower"
                + " runs were those the machine ran slower).",
            f.label(), f.unit(), r, n, f.label(), f.higherIsBetter() ? "−1" : "+1"));
  }

  /**
   * The figure that runs are pooled by across configurations: throughput in where a configuration
   * measured it (drains), end-to-end p99 otherwise (fixed rates, where the input is the rate
   * offered).
   */
  static Figure pooled(List<Configuration> measured) {
    return measured.stream().anyMatch(c -> Figure.THROUGHPUT_IN.isMeasuredIn(c.validRuns()))
        ? Figure.THROUGHPUT_IN
        : Figure.E2E_P99;
  }

  /**
   * The correlation of the values with the canaries over every group of two or more, each relative
   * to its group's medians; NaN where either side does not vary.
   */
  static double correlation(List<List<Pair>> groups) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (List<Pair> g : groups) {
      if (g.size() < 2) {
        continue;
      }
      double value = Spread.of(g.stream().map(Pair::value).toList()).median();
      double canary = Spread.of(g.stream().map(Pair::canary).toList()).median();
      for (Pair p : g) {
        ys.add(p.value() / value - 1);
        xs.add(p.canary() / canary - 1);
      }
    }
    return pearson(xs, ys);
  }

  private static double pearson(List<Double> xs, List<Double> ys) {
    int n = xs.size();
    if (n < 2) {
      return Double.NaN;
    }
    double mx = xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double my = ys.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < n; i++) {
      double dx = xs.get(i) - mx;
      double dy = ys.get(i) - my;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
  }
}
