package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DrainSteadyPart;

/**
 * A drain sized by time ({@code drain-seconds}): a pre-filled count that is too small for a fast
 * engine measures mostly its ramp-up, so a drain whose steady part ({@link DrainSteadyPart}) is
 * shorter than the target runs again with proportionally more records, a fifth more for the ramp-up
 * and tail that do not grow with the count (so a drain a little short grows by a little over a
 * fifth, not twofold), at most twenty times as many; a drain without a steady part at all, ten
 * times as many; until a longer drain no longer drains a tenth more in its steady part.
 */
final class DrainSizing {
  /** How many times a point's drain is run again for a longer steady part, at most. */
  static final int MAX_RESIZES = 3;

  /** The largest pre-fill it asks for: gigabytes of input on the broker's disk. */
  static final long MAX_RECORDS = 50_000_000;

  private DrainSizing() {}

  /** Runs a drain of {@code records}: its result, or null when the suite is stopping. */
  @FunctionalInterface
  interface Drain {
    RunResult run(long records) throws IOException, SQLException;
  }

  /**
   * Runs {@code drain} with {@code records}, then again with {@link #next}'s count while a valid
   * drain's steady part is short of {@code targetSeconds} ({@code 0}: never) and the last resize
   * drained a tenth more in it, at most {@link #MAX_RESIZES} times. {@code resized} hears each new
   * count, so that later repetitions start from it. Returns the last result, null if the suite
   * stopped.
   */
  static RunResult drain(
      long targetSeconds,
      long records,
      Drain drain,
      LongConsumer resized,
      Consumer<String> progress)
      throws IOException, SQLException {
    RunResult r = drain.run(records);
    double before = -1;
    for (int resize = 1;
        r != null
            && targetSeconds > 0
            && !enough(r, targetSeconds)
            && grew(steadyRecords(r), before)
            && resize <= MAX_RESIZES;
        resize++) {
      before = steadyRecords(r);
      double steady = DrainSteadyPart.seconds(r);
      long more = next(records, steady, targetSeconds);
      if (more == records) {
        break;
      }
      progress.accept(
          String.format(
              "  → steady part %.0f s, short of %d s: again with %,d records",
              steady, targetSeconds, more));
      records = more;
      resized.accept(more);
      r = drain.run(more);
    }
    return r;
  }

  /**
   * The input records a valid drain drained in its steady part, 0 if it had none. Resizing stops
   * when a longer drain no longer raises it by a tenth ({@link #grew}): the records added went to
   * ramp-up and tail. (Not its seconds: an engine that warms up over a longer drain drains more in
   * a shorter steady part.)
   */
  static double steadyRecords(RunResult r) {
    double seconds = DrainSteadyPart.seconds(r);
    return seconds == 0 ? 0 : seconds * r.throughput().inPerSecond();
  }

  /**
   * Whether a longer drain's steady part drained a tenth more than the last one's, beyond noise
   * (true for the first drain, {@code before} &lt; 0).
   */
  static boolean grew(double steadyRecords, double before) {
    return before < 0 || steadyRecords > 1.1 * before;
  }

  /** Whether a valid drain's steady part is long enough; an invalid one is not resized. */
  static boolean enough(RunResult r, long targetSeconds) {
    return !r.completedValid() || DrainSteadyPart.seconds(r) >= targetSeconds;
  }

  /**
   * The pre-fill for the next try after {@code records} gave {@code steadySeconds}, at most {@link
   * #MAX_RECORDS}; {@code records} itself when it is there already (no next try).
   */
  static long next(long records, double steadySeconds, long targetSeconds) {
    double factor = steadySeconds <= 0 ? 10 : Math.min(20, 1.2 * targetSeconds / steadySeconds);
    return Math.max(records, Math.min(MAX_RECORDS, (long) Math.ceil(records * factor)));
  }
}
