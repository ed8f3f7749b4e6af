package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Consumer;
import org.streambench.harness.Durations;
import org.streambench.harness.Mode;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.RunRequest;

/**
 * A search's repeats of a trial, and a fixed-rate point's repeats of its run, that was still
 * working off its start-up backlog: at the same rate, each with twice the warm-up, for as long as
 * the longer warm-up lowers p99. When it does not, the shrinking backlog was the noise of a rate
 * the engine does not sustain (its output swinging by more than the margin around the offered
 * rate), not a catch-up, and the trial counts as not sustainable.
 */
final class CatchUpRepeats {
  /** Runs a request; null when the suite is stopping. */
  @FunctionalInterface
  interface Run {
    RunResult run(RunRequest request) throws IOException, SQLException;
  }

  /** A trial's warm-up is doubled up to this when the trial was still catching up. */
  static final Duration MAX_WARMUP = Duration.ofSeconds(120);

  private long rate = -1;
  private long p99Micros;
  private Duration warmup;

  /**
   * The warm-up to repeat a catching-up trial with, its repeat recorded; null when it is not
   * repeated: it already had {@link #MAX_WARMUP}, or {@link #worthRepeating} says no.
   */
  Duration repeatWith(long trialRate, long trialP99Micros, Duration trialWarmup) {
    Duration longer = worthRepeating(trialRate, trialP99Micros) ? longerWarmup(trialWarmup) : null;
    if (longer != null) {
      rate = trialRate;
      p99Micros = trialP99Micros;
      warmup = trialWarmup;
    }
    return longer;
  }

  /** Whether a catching-up trial may be repeated: its rate's first, or p99 fell since the last. */
  boolean worthRepeating(long trialRate, long trialP99Micros) {
    return trialRate != rate || trialP99Micros < p99Micros;
  }

  /** The warm-up of the repeated trial that did better than its repeat. */
  Duration lastHelpfulWarmup() {
    return warmup;
  }

  /** Twice {@code warmup} (10 s after none), at most {@link #MAX_WARMUP}; null at it. */
  static Duration longerWarmup(Duration warmup) {
    if (warmup.compareTo(MAX_WARMUP) >= 0) {
      return null;
    }
    Duration doubled = warmup.isZero() ? Duration.ofSeconds(10) : warmup.multipliedBy(2);
    return doubled.compareTo(MAX_WARMUP) > 0 ? MAX_WARMUP : doubled;
  }

  /**
   * A fixed-rate point's run {@code first} of {@code request}, or, if it missed {@code objective}
   * while still working off its start-up backlog (its warm-up too short for its steady state), its
   * repeats with twice the warm-up for as long as that lowers p99, up to {@link #MAX_WARMUP}: the
   * last run, null if the suite stopped. Without an objective there is no telling a catch-up from a
   * rate not kept, and the run stands.
   */
  static RunResult untilSteady(
      RunRequest request,
      RunResult first,
      LatencyObjective objective,
      Run run,
      Consumer<String> progress)
      throws IOException, SQLException {
    if (objective == null || request.mode() != Mode.FIXED_RATE) {
      return first;
    }
    CatchUpRepeats repeats = new CatchUpRepeats();
    RunResult r = first;
    while (r != null) {
      Sustainability.Judgement j =
          Sustainability.judge(
              r,
              request.rate(),
              request.warmup().toSeconds(),
              request.duration().toSeconds(),
              objective);
      if (!j.catchingUp()) {
        return r;
      }
      Duration longer =
          repeats.repeatWith(request.rate(), r.endToEndLatencyMicros().p99(), request.warmup());
      if (longer == null) {
        return r;
      }
      progress.accept(
          "  → " + j.reason() + "; run again with a " + Durations.format(longer) + " warm-up");
      request = request.withWarmup(longer);
      r = run.run(request);
    }
    return null;
  }
}
