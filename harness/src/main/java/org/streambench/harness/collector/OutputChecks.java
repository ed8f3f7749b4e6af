package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.LatencySummary;
import org.streambench.verifier.Verdict;

/**
 * Where every output record is checked and its latency recorded: the workload's checks and the
 * histograms, under this object's lock, so that several consumer threads see each record once.
 */
final class OutputChecks {
  private final OutputRecords workload;
  private final LatencyRecorder latency;
  private volatile long received;
  private volatile long lastTakenNanos = System.nanoTime();
  private volatile IntervalPoint latestSecond;
  // written under this object's lock; last is read without it
  private long first;
  private volatile long last;

  OutputChecks(OutputRecords workload, Path intervalLog, long originMicros) throws IOException {
    this.workload = workload;
    this.latency = new LatencyRecorder(intervalLog, originMicros);
  }

  synchronized void setSteadyWindow(SteadyWindow steady) {
    latency.setSteadyWindow(steady);
  }

  /** Backlog per second against the generator's schedule of {@code total} records. */
  synchronized void setSchedule(long startMicros, PacingSchedule schedule, long total) {
    latency.setSchedule(
        t -> t < startMicros ? 0 : Math.min(total, schedule.dueBy((t - startMicros) * 1_000)));
  }

  /**
   * Checks and records a poll's records, received at {@code now} (read before the lock, so that
   * waiting for it is not counted as latency).
   */
  void take(ConsumerRecords<byte[], byte[]> records, long now, long[] stamps) {
    if (records.isEmpty()) {
      return;
    }
    synchronized (this) {
      roll(now); // the records belong to the second they arrived in
      lastTakenNanos = System.nanoTime();
      first = first == 0 ? now : first;
      last = now;
      for (ConsumerRecord<byte[], byte[]> r : records) {
        if (workload.observe(r.value(), stamps)) {
          latency.record(stamps[0], now, stamps[1], stamps[2]);
        }
      }
      received = workload.received();
    }
  }

  /** Closes the seconds that have ended. */
  synchronized void roll(long nowMicros) {
    if (latency.rollIntervals(nowMicros)) {
      latestSecond = latency.points().get(latency.points().size() - 1);
    }
  }

  /** Whether the workload has seen every output it expects. */
  synchronized boolean complete() {
    return workload.complete();
  }

  /** Whether the generator has finished, so that the workload knows what to expect. */
  boolean expectationKnown() {
    return workload.expectedSoFar() >= 0;
  }

  /** Epoch micros when the newest output was received, 0 before the first. */
  long lastReceiveMicros() {
    return last;
  }

  long received() {
    return received;
  }

  /** Starts the idle clock as if a record had just arrived (when reading starts). */
  void resetIdleClock() {
    lastTakenNanos = System.nanoTime();
  }

  /** System.nanoTime() of the last non-empty poll (or of {@link #resetIdleClock}). */
  long lastTakenNanos() {
    return lastTakenNanos;
  }

  IntervalPoint latestSecond() {
    return latestSecond;
  }

  synchronized void close() {
    latency.close();
  }

  /** The report, with the collector's threads' CPU seconds and allocated bytes. */
  synchronized CollectorReport report(boolean timedOut, double cpuSeconds, long allocatedBytes) {
    latency.close();
    long n = workload.received();
    return new CollectorReport(
        n,
        first,
        last,
        LatencySummary.of(latency.steadyE2e()),
        LatencySummary.of(latency.steadyEngine()),
        latency.steadyReceived(),
        latency.negativeE2e(),
        latency.negativeEngine(),
        latency.steadyWindow(),
        List.copyOf(latency.points()),
        expectationKnown()
            ? workload.verdict()
            : new Verdict(
                Verdict.Status.UNKNOWN,
                List.of(new Verdict.Reason("not-judged", "stopped before the generator finished")),
                Map.of(),
                Map.of()),
        timedOut,
        cpuSeconds,
        n == 0 ? 0 : (double) allocatedBytes / n);
  }
}
