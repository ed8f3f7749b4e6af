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
 *
 * <p>A collector of one share of the output (an agent's) writes no log but keeps each second's
 * histograms ({@link #seconds}); the harness's recorder merges those of every share, second by
 * second ({@link #mergeSecond}, {@link #closeSecond}), into its own log and points.
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
  private final List<LatencySecond> seconds;
  private volatile SteadyWindow steady = SteadyWindow.NONE;
  private volatile LongUnaryOperator scheduledBy;
  private long newestIntended;

  /** When the newest intended send time was received (epoch µs). */
  private long newestReceived;

  /** Whether the newest intended send time moved on in the open second. */
  private boolean advanced;

  private long intervalStart;
  private long intervalCount;
  private long negativeE2e;
  private long negativeEngine;
  private long steadyReceived;
  private boolean closed;

  /**
   * @param intervalLog where the per-second log goes, or null for none (an agent keeps {@link
   *     #seconds} instead)
   */
  LatencyRecorder(Path intervalLog, long originMicros) throws FileNotFoundException {
    this.originMicros = originMicros;
    this.intervalStart = originMicros;
    this.seconds = intervalLog == null ? new ArrayList<>() : null;
    this.logStream =
        intervalLog == null
            ? new PrintStream(java.io.OutputStream.nullOutputStream())
            : new PrintStream(intervalLog.toFile());
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
    if (intendedMicros > newestIntended) {
      newestIntended = intendedMicros;
      newestReceived = receiveMicros;
      advanced = true;
    }
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
    long backlog = backlogAt(end);
    if (seconds != null) {
      seconds.add(
          new LatencySecond(
              (intervalStart - originMicros) / SECOND,
              intervalCount,
              HistogramBytes.encode(intervalE2e),
              HistogramBytes.encode(intervalEngine),
              newestIntended,
              newestReceived));
    }
    points.add(
        new IntervalPoint(
            (intervalStart - originMicros) / SECOND,
            intervalCount,
            intervalCount == 0 ? 0 : intervalE2e.getValueAtPercentile(50),
            intervalCount == 0 ? 0 : intervalE2e.getValueAtPercentile(99),
            intervalCount == 0 ? 0 : intervalEngine.getValueAtPercentile(99),
            backlog,
            backlog < 0 ? null : advanced));
    writeInterval(intervalE2e, "e2e", end);
    writeInterval(intervalEngine, "engine", end);
    intervalStart = end;
    intervalCount = 0;
    advanced = false;
  }

  /**
   * The second's backlog: input records scheduled but not yet reflected in the output, taken when
   * the output last moved on in the second, or at its end if it did not. Taken at the end alone,
   * output that comes in bursts (windows flushed every second, commits) added the time since the
   * last burst, which depends on where the bursts fall within the harness's seconds: a 1 s flush
   * timer drifting against them made the backlog of a run that kept up climb by a second's input
   * over the steady state, and the search judge it not keeping up (Storm's Yahoo benchmark, 8 % of
   * the rate at 1,500 to 8,000 records/s). A second without any output still counts its seconds of
   * silence.
   */
  private long backlogAt(long endMicros) {
    LongUnaryOperator scheduled = scheduledBy;
    if (scheduled == null) {
      return -1;
    }
    long covered = newestIntended == 0 ? 0 : scheduled.applyAsLong(newestIntended);
    long at = advanced ? Math.min(newestReceived, endMicros) : endMicros;
    return Math.max(0, scheduled.applyAsLong(at) - covered);
  }

  private void writeInterval(Histogram h, String tag, long endMicros) {
    h.setStartTimeStamp(intervalStart / 1000);
    h.setEndTimeStamp(endMicros / 1000);
    h.setTag(tag);
    log.outputIntervalHistogram(h);
    h.reset();
  }

  /** The seconds closed so far, where it keeps them (no log); else empty. */
  List<LatencySecond> seconds() {
    return seconds == null ? List.of() : List.copyOf(seconds);
  }

  /** Adds another recorder's second to the open one, which must be the same second. */
  void mergeSecond(LatencySecond second) {
    if (originMicros + second.index() * SECOND != intervalStart) {
      throw new IllegalStateException(
          "second " + second.index() + " merged into " + (intervalStart - originMicros) / SECOND);
    }
    intervalE2e.add(HistogramBytes.decode(second.e2e()));
    intervalEngine.add(HistogramBytes.decode(second.engine()));
    intervalCount += second.count();
    // a share's newest only passes every share's newest in a second it moved on in; one that moved
    // on below it left the output as a whole where it was
    if (second.newestIntended() > newestIntended) {
      newestIntended = second.newestIntended();
      newestReceived = second.newestReceived();
      advanced = true;
    }
  }

  /** Closes the open second, merged from other recorders' ({@link #mergeSecond}). */
  void closeSecond() {
    closeInterval();
  }

  /** Adds another recorder's steady-state figures to this one's. */
  void mergeSteady(
      Histogram e2e, Histogram engine, long steadyReceived, long negativeE2e, long negativeEngine) {
    steadyE2e.add(e2e);
    steadyEngine.add(engine);
    this.steadyReceived += steadyReceived;
    this.negativeE2e += negativeE2e;
    this.negativeEngine += negativeEngine;
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
