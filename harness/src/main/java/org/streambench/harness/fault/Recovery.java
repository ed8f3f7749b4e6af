package org.streambench.harness.fault;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;

/**
 * How the output recovered from one fault, read from the per-second series (docs/faults.md). Output
 * is judged over a window of W seconds, W the longest stretch without output before the first fault
 * plus one (1 for steady output; about the commit interval where output becomes visible only at
 * each checkpoint or commit), widened after the fault to the longest gap between outputs in the
 * seconds judged plus one: the cadence may be coarser after a restart. The fault is recovered at
 * the first whole second after it from which three consecutive windows each have output at 95 % or
 * more of the output rate before the first fault and no second with p99 end-to-end latency above
 * 1.5 times the p99 before it ({@link Baseline}); not recovered if that is not seen within the
 * grace period; unknown if the steady state ended first, or if there was no output before the
 * faults to recover to.
 *
 * @param state {@link #RECOVERED}, {@link #NOT_RECOVERED} or {@link #UNKNOWN}
 * @param seconds recovery time in seconds (recovered only, else null)
 * @param peakP99Micros the highest per-second p99 from the fault to recovery (or the end of what
 *     was observed)
 * @param peakBacklog the most output owed over the same seconds: the running sum, from the fault's
 *     second on, of the output rate before the fault less each second's output (the records the
 *     fault held back, whatever the workload's output per input record)
 * @param observedSeconds how long after the fault the series was searched
 * @param silentSeconds the longest stretch of whole seconds without output from the fault to
 *     recovery (or the end of what was observed): how long the fault stopped the output, where the
 *     output gap ends with the first record after it, which may have been on its way already
 */
public record Recovery(
    String state,
    Double seconds,
    long peakP99Micros,
    long peakBacklog,
    double observedSeconds,
    long silentSeconds) {
  public static final String RECOVERED = RunResult.Fault.RECOVERED;
  public static final String NOT_RECOVERED = RunResult.Fault.NOT_RECOVERED;
  public static final String UNKNOWN = RunResult.Fault.UNKNOWN;

  /** Output at this share of the output rate before the faults or more counts as keeping up. */
  static final double RATE_SHARE = 0.95;

  /** p99 at most this multiple of the p99 before the faults counts as recovered latency. */
  static final double P99_FACTOR = 1.5;

  /** Consecutive windows both must hold in. */
  static final int HOLD = 3;

  /** Seconds before the first fault the baseline is taken over, at least (or two windows). */
  static final int BASELINE_SECONDS = 10;

  /**
   * The output before the run's first fault, over the last whole seconds before it (at least {@link
   * #BASELINE_SECONDS}, or two windows, from the steady state's start on): the median output rate
   * of the W-second windows in them ({@link #lowerMedian the lower one} of the middle two for an
   * even count) and the median per-second p99. A median, not the mean, because an engine may still
   * be working off its start-up backlog early in the steady state: one catch-up burst raised the
   * mean 13 % above the input rate, and a recovery back to the input rate never reached 95 % of it.
   * The output rate is the reference rather than the input rate because workloads emit different
   * numbers of records per input record (identity one, wordcount one per word, windows a row per
   * window); for identity they are the same.
   *
   * @param outPerSecond the median records/s of its windows, 0 if there was no output (then
   *     recovery is unknown)
   * @param p99Micros the median p99 of the seconds with output, 0 if none
   * @param windowSeconds W: the longest stretch of seconds without output before the first fault,
   *     plus one
   */
  public record Baseline(double outPerSecond, long p99Micros, int windowSeconds) {
    /** {@code steadyStart} and {@code firstFault} in seconds since the series' origin. */
    public static Baseline of(List<IntervalPoint> series, double steadyStart, double firstFault) {
      Map<Long, IntervalPoint> bySecond = bySecond(series);
      long from = (long) Math.ceil(steadyStart);
      long to = (long) Math.floor(firstFault); // seconds [from, to) lie wholly before the fault
      int window = 1;
      int quiet = 0;
      for (long k = from; k < to; k++) {
        quiet = out(bySecond, k) == 0 ? quiet + 1 : 0;
        window = Math.max(window, quiet + 1);
      }
      long start = Math.max(from, to - Math.max(BASELINE_SECONDS, 2L * window));
      List<Double> rates = new ArrayList<>();
      for (long k = start; k + window <= to; k++) {
        long total = 0;
        for (long s = k; s < k + window; s++) {
          total += out(bySecond, s);
        }
        rates.add((double) total / window);
      }
      List<Double> p99s = new ArrayList<>();
      for (long k = start; k < to; k++) {
        IntervalPoint p = bySecond.get(k);
        if (p != null && p.out() > 0) {
          p99s.add((double) p.e2eP99Micros());
        }
      }
      return new Baseline(lowerMedian(rates), Math.round(median(p99s)), window);
    }

    private static double median(List<Double> values) {
      return values.isEmpty() ? 0 : CalibrationResult.Spread.of(values).median();
    }

    /**
     * The lower of the two middle values for an even count. Where output becomes visible at each
     * commit, a window holds a whole number of commits, so its output takes one of a few levels
     * (identity at 2,000 records/s with 2-second windows: 2,000 or 3,000 per second); the mean of
     * the two middle values can fall between two levels, above every window the engine's normal
     * rate gives, and no recovery could reach 95 % of it (FaultIT: 2,499 records/s).
     */
    static double lowerMedian(List<Double> values) {
      if (values.isEmpty()) {
        return 0;
      }
      List<Double> sorted = values.stream().sorted().toList();
      return sorted.get((sorted.size() - 1) / 2);
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
    Map<Long, IntervalPoint> bySecond = bySecond(series);
    long from = (long) Math.ceil(fault);
    double searchEnd = Math.min(steadyEnd, fault + grace);
    long peakP99 = 0;
    double owed = 0;
    double peakOwed = 0;
    for (long k = (long) Math.floor(fault); k < searchEnd; k++) {
      IntervalPoint p = bySecond.get(k);
      owed = Math.max(0, owed + before.outPerSecond() - out(bySecond, k));
      peakOwed = Math.max(peakOwed, owed);
      if (p != null) {
        peakP99 = Math.max(peakP99, p.e2eP99Micros());
      }
      int window = k >= from ? windowFrom(bySecond, k, before.windowSeconds(), searchEnd) : 0;
      if (before.outPerSecond() > 0 && window > 0 && holds(bySecond, k, window, before)) {
        return new Recovery(
            RECOVERED,
            k - fault,
            peakP99,
            Math.round(peakOwed),
            k + HOLD - 1 + window - fault,
            longestSilence(series, fault, k));
      }
    }
    String state =
        before.outPerSecond() > 0 && steadyEnd >= fault + grace ? NOT_RECOVERED : UNKNOWN;
    return new Recovery(
        state,
        null,
        peakP99,
        Math.round(peakOwed),
        Math.max(0, searchEnd - fault),
        longestSilence(series, fault, searchEnd));
  }

  /**
   * The longest stretch of consecutive whole seconds without output after {@code fault} and before
   * {@code until} (seconds since the series' origin). Where output is visible only at each
   * checkpoint or commit, stretches up to the window W less one are normal.
   */
  public static long longestSilence(List<IntervalPoint> series, double fault, double until) {
    Map<Long, IntervalPoint> bySecond = bySecond(series);
    long longest = 0;
    long current = 0;
    for (long k = (long) Math.ceil(fault); k < until; k++) {
      current = out(bySecond, k) == 0 ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
    return longest;
  }

  /**
   * The window a recovery from second {@code k} is judged over: W before the faults, or one more
   * than the longest gap between outputs in the seconds judged if that is longer, and 0 if those
   * seconds run past {@code end}. The output's cadence may be coarser after a restart than before:
   * Flink's checkpoints, slower than their 1 s interval in a TaskManager YARN had just started on a
   * loaded machine, committed every 2 s where they had committed every second (HadoopIT). Only gaps
   * with output on both sides count: silence at the start is the fault's, at the end the next
   * commit's. The latency condition still holds each second to the p99 before, so a coarser cadence
   * that delays the output, or a catch-up burst in a wide window, is not taken for recovery.
   */
  private static int windowFrom(Map<Long, IntervalPoint> bySecond, long k, int before, double end) {
    int window = before;
    while (true) {
      long span = HOLD - 1L + window;
      if (k + span > end) {
        return 0;
      }
      int gap = 0;
      int longest = 0;
      boolean seenOutput = false;
      for (long s = k; s < k + span; s++) {
        if (out(bySecond, s) > 0) {
          longest = seenOutput ? Math.max(longest, gap) : longest;
          seenOutput = true;
          gap = 0;
        } else {
          gap++;
        }
      }
      if (longest < window) {
        return window;
      }
      window = longest + 1;
    }
  }

  /** Whether the {@link #HOLD} windows starting at {@code k}, {@code k + 1}, ... all keep up. */
  private static boolean holds(
      Map<Long, IntervalPoint> bySecond, long k, int window, Baseline before) {
    for (long w = k; w < k + HOLD; w++) {
      long out = 0;
      for (long s = w; s < w + window; s++) {
        IntervalPoint p = bySecond.get(s);
        if (p == null || p.out() == 0) {
          continue;
        }
        out += p.out();
        if (before.p99Micros() > 0 && p.e2eP99Micros() > P99_FACTOR * before.p99Micros()) {
          return false;
        }
      }
      if (out == 0 || out < RATE_SHARE * before.outPerSecond() * window) {
        return false;
      }
    }
    return true;
  }

  private static Map<Long, IntervalPoint> bySecond(List<IntervalPoint> series) {
    Map<Long, IntervalPoint> out = new HashMap<>();
    series.forEach(p -> out.put(p.second(), p));
    return out;
  }

  private static long out(Map<Long, IntervalPoint> bySecond, long second) {
    IntervalPoint p = bySecond.get(second);
    return p == null ? 0 : p.out();
  }
}
