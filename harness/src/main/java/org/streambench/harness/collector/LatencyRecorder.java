package org.streambench.harness.collector;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.streambench.harness.results.IntervalPoint;

/**
 * Records end-to-end and engine latency of every output record: cumulatively for the steady state
 * (records whose intended send time falls in the steady window), and per second of receive time
 * into an HdrHistogram interval log ({@code latency.hlog}, tags {@code e2e} and {@code engine}) so
 * that any window can be re-aggregated later. Negative values are counted, never recorded or
 * dropped silently. Single-threaded: the collector thread owns it.
 */
final class LatencyRecorder implements AutoCloseable {
  private static final long SECOND = 1_000_000;

  private final Histogram steadyE2e = new Histogram(3);
  private final Histogram steadyEngine = new Histogram(3);
  private final Histogram intervalE2e = new Histogram(3);
  private final Histogram intervalEngine = new Histogram(3);
  private final List<IntervalPoint> points = new ArrayList<>();
  private final HistogramLogWriter log;
  private final PrintStream logStream;
  private final long originMicros;
  private volatile SteadyWindow steady = SteadyWindow.NONE;
  private volatile LongUnaryOperator scheduledBy;
  private long newestIntended;
  private long intervalStart;
  private long intervalCount;
  private long negativeE2e;
  private long negativeEngine;
  private long steadyReceived;
  private boolean closed;

  LatencyRecorder(Path intervalLog, long originMicros) throws FileNotFoundException {
    this.originMicros = originMicros;
    this.intervalStart = originMicros;
    this.logStream = new PrintStream(intervalLog.toFile());
    this.log = new HistogramLogWriter(logStream);
    log.outputComment("streambench latency interval log; values in microseconds");
    log.outputLogFormatVersion();
    log.outputStartTime(originMicros / 1000);
    log.setBaseTime(originMicros / 1000);
    log.outputLegend();
  }

  /** Records whose intended send time is in {@code steady} make up the steady state. */
  void setSteadyWindow(SteadyWindow steady) {
    this.steady = steady;
  }

  SteadyWindow steadyWindow() {
    return steady;
  }

  /**
   * Makes each second report its backlog: {@code scheduledBy} gives the number of input records
   * whose intended send time is at or before an epoch-micros instant.
   */
  void setSchedule(LongUnaryOperator scheduledBy) {
    this.scheduledBy = scheduledBy;
  }

  void record(long intendedMicros, long receiveMicros, long inMicros, long outMicros) {
    newestIntended = Math.max(newestIntended, intendedMicros);
    long e2e = receiveMicros - intendedMicros;
    long engine = outMicros - inMicros;
    SteadyWindow window = this.steady;
    boolean steady = window.contains(intendedMicros);
    if (window.contains(receiveMicros)) {
      steadyReceived++;
    }
    if (e2e < 0) {
      negativeE2e++;
    } else {
      intervalE2e.recordValue(e2e);
      if (steady) {
        steadyE2e.recordValue(e2e);
      }
    }
    if (engine < 0) {
      negativeEngine++;
    } else {
      intervalEngine.recordValue(engine);
      if (steady) {
        steadyEngine.recordValue(engine);
      }
    }
    intervalCount++;
  }

  /** Closes every interval that ended before {@code nowMicros}; true if any was closed. */
  boolean rollIntervals(long nowMicros) {
    boolean rolled = false;
    while (nowMicros >= intervalStart + SECOND) {
      closeInterval();
      rolled = true;
    }
    return rolled;
  }

  private void closeInterval() {
    long end = intervalStart + SECOND;
    points.add(
        new IntervalPoint(
            (intervalStart - originMicros) / SECOND,
            intervalCount,
            intervalCount == 0 ? 0 : intervalE2e.getValueAtPercentile(50),
            intervalCount == 0 ? 0 : intervalE2e.getValueAtPercentile(99),
            intervalCount == 0 ? 0 : intervalEngine.getValueAtPercentile(99),
            backlogAt(end)));
    writeInterval(intervalE2e, "e2e", end);
    writeInterval(intervalEngine, "engine", end);
    intervalStart = end;
    intervalCount = 0;
  }

  private long backlogAt(long endMicros) {
    LongUnaryOperator scheduled = scheduledBy;
    if (scheduled == null) {
      return -1;
    }
    long covered = newestIntended == 0 ? 0 : scheduled.applyAsLong(newestIntended);
    return Math.max(0, scheduled.applyAsLong(endMicros) - covered);
  }

  private void writeInterval(Histogram h, String tag, long endMicros) {
    h.setStartTimeStamp(intervalStart / 1000);
    h.setEndTimeStamp(endMicros / 1000);
    h.setTag(tag);
    log.outputIntervalHistogram(h);
    h.reset();
  }

  Histogram steadyE2e() {
    return steadyE2e;
  }

  Histogram steadyEngine() {
    return steadyEngine;
  }

  List<IntervalPoint> points() {
    return points;
  }

  /** Records received (by receive time) inside the steady window. */
  long steadyReceived() {
    return steadyReceived;
  }

  long negativeE2e() {
    return negativeE2e;
  }

  long negativeEngine() {
    return negativeEngine;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (intervalCount > 0) {
      closeInterval();
    }
    logStream.close();
  }
}
