package org.streambench.harness.agent;

import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.streambench.harness.collector.HistogramBytes;
import org.streambench.harness.results.GeneratorReport;

/**
 * What the harness reads of an agent's load.
 *
 * @param sent records handed to the producers so far
 * @param error why it failed, or null
 * @param report the generator's report once it ended, else null
 * @param lateness once it ended, its steady records' lateness (µs) as a compressed HdrHistogram in
 *     base64, for the harness to merge with the other agents'; else null
 */
public record LoadStatus(
    State state, long sent, String error, GeneratorReport report, String lateness) {
  /** Where a load is: running, or how it ended. */
  public enum State {
    RUNNING,
    DONE,
    FAILED,
    STOPPED
  }

  public boolean running() {
    return state == State.RUNNING;
  }

  /** A histogram as {@link #lateness} carries it. */
  static String encode(Histogram h) {
    return Base64.getEncoder().encodeToString(HistogramBytes.encode(h));
  }

  /** The lateness histogram; an empty one where there is none. */
  public Histogram latenessHistogram() {
    if (lateness == null) {
      return new Histogram(3);
    }
    try {
      return HistogramBytes.decode(Base64.getDecoder().decode(lateness));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("an agent sent a lateness histogram that does not decode", e);
    }
  }
}
