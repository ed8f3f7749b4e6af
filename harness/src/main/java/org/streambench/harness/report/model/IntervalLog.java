package org.streambench.harness.report.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.streambench.harness.results.RunResult;

/** A run's {@code latency.hlog}: one histogram per second of receive time and tag. */
public final class IntervalLog {
  /**
   * One interval.
   *
   * @param tag {@code e2e} or {@code engine}
   * @param second its start in seconds since the run's origin
   * @param histogram its values in microseconds
   */
  public record Interval(String tag, double second, Histogram histogram) {}

  private IntervalLog() {}

  /** The intervals inside the run's steady state; empty if the log is gone or unreadable. */
  public static List<Interval> steadyState(RunResult r) {
    List<Interval> out = new ArrayList<>();
    if (r.runDir() == null) {
      return out;
    }
    Path log = Path.of(r.runDir(), "latency.hlog");
    if (!Files.isRegularFile(log)) {
      return out;
    }
    SteadyWindow steady = SteadyWindow.of(r);
    try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        double second = h.getStartTimeStamp() / 1000.0 - reader.getStartTimeSec();
        if (h instanceof Histogram histogram && h.getTag() != null && steady.contains(second)) {
          out.add(new Interval(h.getTag(), second, histogram));
        }
      }
    } catch (IOException | RuntimeException e) {
      // A truncated log (an aborted run) or none: callers fall back to the stored figures.
      out.clear();
    }
    return out;
  }
}
