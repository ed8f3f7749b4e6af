package org.streambench.harness.report.model;

import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.Sustainability;

/**
 * Whether a fixed-rate run kept up with its offered rate, judged as the sustainable-throughput
 * search judges its trials (valid verdict, backlog not growing over the steady state). A run with
 * faults is judged by its recovery instead: its backlog grows by design.
 */
public final class KeepingUp {
  private KeepingUp() {}

  /** The judgement, or null for runs without an offered rate (drain, in-job) or with faults. */
  public static Sustainability.Judgement judge(RunResult r) {
    long rate = Configuration.rateOf(r);
    SteadyWindow steady = SteadyWindow.of(r);
    boolean faulted = r.faults() != null && !r.faults().isEmpty();
    if (rate <= 0 || Double.isInfinite(steady.toSecond()) || faulted) {
      return null;
    }
    return Sustainability.judge(
        r,
        rate,
        (long) steady.fromSecond(),
        (long) (steady.toSecond() - steady.fromSecond()),
        null);
  }

  /** A valid run whose backlog grew: its latency is real but the engine was falling behind. */
  public static boolean fellBehind(RunResult r) {
    Sustainability.Judgement j = judge(r);
    return j != null && !j.sustainable() && Configuration.isValid(r);
  }
}
