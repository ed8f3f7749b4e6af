package org.streambench.harness.suite;

import java.time.Duration;

/**
 * A search's repeats of a trial that was still working off its start-up backlog: at the same rate,
 * each with twice the warm-up, for as long as the longer warm-up lowers p99. When it does not, the
 * shrinking backlog was the noise of a rate the engine does not sustain (its output swinging by
 * more than the margin around the offered rate), not a catch-up, and the trial counts as not
 * sustainable.
 */
final class CatchUpRepeats {
  private long rate = -1;
  private long p99Micros;
  private Duration warmup;

  /** Whether a catching-up trial may be repeated: its rate's first, or p99 fell since the last. */
  boolean worthRepeating(long trialRate, long trialP99Micros) {
    return trialRate != rate || trialP99Micros < p99Micros;
  }

  /** A catching-up trial at {@code trialRate} is repeated; it ran with {@code trialWarmup}. */
  void repeating(long trialRate, long trialP99Micros, Duration trialWarmup) {
    rate = trialRate;
    p99Micros = trialP99Micros;
    warmup = trialWarmup;
  }

  /** The warm-up of the repeated trial that did better than its repeat. */
  Duration lastHelpfulWarmup() {
    return warmup;
  }
}
