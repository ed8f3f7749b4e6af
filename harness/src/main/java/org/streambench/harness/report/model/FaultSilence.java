package org.streambench.harness.report.model;

import org.streambench.harness.fault.Recovery;
import org.streambench.harness.results.RunResult;

/**
 * How long a fault stopped the output: as stored, or, for results stored before it was measured,
 * taken from the run's per-second series by the same rule ({@link Recovery#longestSilence}).
 */
public final class FaultSilence {
  private FaultSilence() {}

  /** Whole seconds; null where the run has no per-second series. */
  public static Long seconds(RunResult r, RunResult.Fault f) {
    if (f.silentSeconds() != null) {
      return f.silentSeconds();
    }
    SteadyWindow steady = SteadyWindow.of(r);
    if (r.timeseries() == null || Double.isInfinite(steady.toSecond())) {
      return null;
    }
    double at = steady.fromSecond() + f.atSeconds();
    double until = f.recoverySeconds() == null ? steady.toSecond() : at + f.recoverySeconds();
    return Recovery.longestSilence(r.timeseries(), at, until);
  }

  /** The seconds as a table cell, "-" where unknown. */
  public static String cell(RunResult r, RunResult.Fault f) {
    Long s = seconds(r, f);
    return s == null ? "-" : String.valueOf(s);
  }
}
