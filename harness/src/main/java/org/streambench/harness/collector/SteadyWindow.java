package org.streambench.harness.collector;

/**
 * The steady state of a run as intended send times {@code [fromMicros, toMicros)} (epoch micros):
 * an output is measured when the newest input it reflects was due in it, so warm-up and the drain
 * after the input ends stay out of every steady-state figure.
 */
public record SteadyWindow(long fromMicros, long toMicros) {
  /** Not set yet: nothing is steady. */
  static final SteadyWindow NONE = new SteadyWindow(Long.MAX_VALUE, Long.MAX_VALUE);

  /** The whole run (drain mode, where throughput has its own steady rule). */
  public static final SteadyWindow ALL = new SteadyWindow(0, Long.MAX_VALUE);

  public boolean contains(long micros) {
    return micros >= fromMicros && micros < toMicros;
  }
}
