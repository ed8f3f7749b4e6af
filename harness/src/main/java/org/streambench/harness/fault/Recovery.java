package org.streambench.harness.fault;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.collector.IntervalPoint;

/**
 * How the output recovered from one fault, read from the per-second series (docs/faults.md): the
 * fault is recovered at the start of the first whole second after it that begins three consecutive
 * seconds with output at 95 % or more of the output rate before the run's first fault and p99
 * end-to-end latency at most 1.5 times the p99 before it ({@link Baseline}); not recovered if those
 * three seconds do not end within the grace period; unknown if the steady state ended first.
 *
 * @param state {@link #RECOVERED}, {@link #NOT_RECOVERED} or {@link #UNKNOWN}
 * @param seconds recovery time in seconds (recovered only, else null)
 * @param peakP99Micros the highest per-second p99 from the fault to recovery (or the end of what
 *     was observed)
 * @param peakBacklog the most output owed over the same seconds: the running sum, from the fault's
 *     second on, of the output rate before the fault less each second's output (the records the
 *     fault held back, whatever the workload's output per input record)
 * @param observedSeconds how long after the fault the series was searched
 */
public record Recovery(
    String state, Double seconds, long peakP99Micros, long peakBacklog, double observedSeconds) {
  public static final String RECOVERED = "recovered";
  public static final String NOT_RECOVERED = "not recovered";
  public static final String UNKNOWN = "unknown";

  /** Output at this share of the output rate before the faults or more counts as keeping up. */
  static final double RATE_SHARE = 0.95;

  /** p99 at most this multiple of the p99 before the faults counts as recovered latency. */
  static final double P99_FACTOR = 1.5;

  /** Consecutive seconds both must hold. */
  static final int HOLD_SECONDS = 3;

  /** Seconds before the first fault whose median p99 is the undisturbed p99. */
  static final int BASELINE_SECONDS = 10;

  /**
   * The output before the run's first fault: the medians of the per-second output count and p99
   * over the whole seconds, up to {@link #BASELINE_SECONDS}, before it and from the steady state's
   * start on. The output rate is the reference rather than the input rate because workloads emit
   * different numbers of records per input record (identity one, wordcount one per word, windows a
   * row per window); for identity they are the same.
   *
   * @param outPerSecond the median records/s, 0 if no second qualified
   * @param p99Micros the median p99, 0 if none (then latency is not part of the rule)
   */
  public record Baseline(double outPerSecond, long p99Micros) {
    /** {@code steadyStart} and {@code firstFault} in seconds since the series' origin. */
    public static Baseline of(List<IntervalPoint> series, double steadyStart, double firstFault) {
      List<Long> outs = new ArrayList<>();
      List<Long> p99s = new ArrayList<>();
      for (IntervalPoint p : series) {
        if (p.second() >= Math.max(steadyStart, firstFault - BASELINE_SECONDS)
            && p.second() + 1 <= firstFault) {
          outs.add(p.out());
          if (p.out() > 0) {
            p99s.add(p.e2eP99Micros());
          }
        }
      }
      return new Baseline(median(outs), (long) median(p99s));
    }

    private static double median(List<Long> values) {
      if (values.isEmpty()) {
        return 0;
      }
      List<Long> sorted = new ArrayList<>(values);
      sorted.sort(null);
      return sorted.get(sorted.size() / 2);
    }
  }

  /**
   * Measures the recovery from a fault at {@code fault} seconds since the series' origin.
   *
   * @param before the output before the first fault
   * @param grace seconds a recovery may take
   * @param steadyEnd seconds since the origin when the input ended: the search stops there
   */
  public static Recovery measure(
      List<IntervalPoint> series, double fault, Baseline before, double grace, double steadyEnd) {
    Map<Long, IntervalPoint> bySecond = new HashMap<>();
    series.forEach(p -> bySecond.put(p.second(), p));
    long from = (long) Math.ceil(fault);
    double searchEnd = Math.min(steadyEnd, fault + grace);
    long peakP99 = 0;
    double owed = 0;
    double peakOwed = 0;
    for (long k = (long) Math.floor(fault); k < searchEnd; k++) {
      IntervalPoint p = bySecond.get(k);
      owed = Math.max(0, owed + before.outPerSecond() - (p == null ? 0 : p.out()));
      peakOwed = Math.max(peakOwed, owed);
      if (p != null) {
        peakP99 = Math.max(peakP99, p.e2eP99Micros());
      }
      if (k >= from && k + HOLD_SECONDS <= searchEnd && holds(bySecond, k, before)) {
        return new Recovery(
            RECOVERED, k - fault, peakP99, Math.round(peakOwed), k + HOLD_SECONDS - fault);
      }
    }
    String state = steadyEnd >= fault + grace ? NOT_RECOVERED : UNKNOWN;
    return new Recovery(state, null, peakP99, Math.round(peakOwed), Math.max(0, searchEnd - fault));
  }

  private static boolean holds(Map<Long, IntervalPoint> bySecond, long k, Baseline before) {
    for (long s = k; s < k + HOLD_SECONDS; s++) {
      IntervalPoint p = bySecond.get(s);
      if (p == null || p.out() < RATE_SHARE * before.outPerSecond()) {
        return false;
      }
      if (before.p99Micros() > 0 && p.e2eP99Micros() > P99_FACTOR * before.p99Micros()) {
        return false;
      }
    }
    return true;
  }
}
