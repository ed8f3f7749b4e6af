package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
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
  private final CollectorShare share;
  private final Histogram ownE2e = new Histogram(3);
  private final Histogram othersE2e = new Histogram(3);
  private volatile long received;
  private volatile long lastTakenNanos = System.nanoTime();
  private volatile IntervalPoint latestSecond;
  // written under this object's lock; last is read without it
  private long first;
  private volatile long last;

  /** An agent's share keeps no log ({@code intervalLog} is then ignored) but its seconds. */
  OutputChecks(OutputRecords workload, Path intervalLog, long originMicros, CollectorShare share)
      throws IOException {
    this.workload = workload;
    this.share = share;
    this.latency = new LatencyRecorder(share.agent() ? null : intervalLog, originMicros);
  }

  synchronized void setSteadyWindow(SteadyWindow steady) {
    latency.setSteadyWindow(steady);
  }

  /** What the workload's check has observed so far. */
  synchronized byte[] observations() {
    return workload.observations();
  }

  synchronized SteadyWindow steadyWindow() {
    return latency.steadyWindow();
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
          if (share.agent() && now >= stamps[0] && latency.steadyWindow().contains(stamps[0])) {
            (share.own().test(workload.lastSeq()) ? ownE2e : othersE2e)
                .recordValue(now - stamps[0]);
          }
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

  synchronized List<IntervalPoint> secondsSoFar() {
    return List.copyOf(latency.points());
  }

  synchronized void close() {
    latency.close();
  }

  /**
   * Takes every share's part (agents'), as if this one had read their records: their checks'
   * observations, each second and the steady state's figures.
   */
  synchronized void merge(List<CollectedPart> parts) {
    workload.replaceObservations(parts.stream().map(CollectedPart::observations).toList());
    int seconds = parts.stream().mapToInt(p -> p.seconds().size()).max().orElse(0);
    for (int i = 0; i < seconds; i++) {
      for (CollectedPart p : parts) {
        if (i < p.seconds().size()) {
          latency.mergeSecond(p.seconds().get(i));
        }
      }
      latency.closeSecond();
    }
    if (seconds > 0) {
      latestSecond = latency.points().get(latency.points().size() - 1);
    }
    for (CollectedPart p : parts) {
      latency.mergeSteady(
          HistogramBytes.decode(p.steadyE2e()),
          HistogramBytes.decode(p.steadyEngine()),
          p.steadyReceived(),
          p.negativeE2e(),
          p.negativeEngine());
      if (p.firstReceiveMicros() > 0) {
        first = first == 0 ? p.firstReceiveMicros() : Math.min(first, p.firstReceiveMicros());
      }
      last = Math.max(last, p.lastReceiveMicros());
    }
    received = workload.received();
  }

  /** An agent's share of the output as it saw it, with its threads' CPU and allocated bytes. */
  synchronized CollectedPart part(double cpuSeconds, long allocatedBytes) {
    latency.close();
    return new CollectedPart(
        workload.received(),
        first,
        last,
        HistogramBytes.encode(latency.steadyE2e()),
        HistogramBytes.encode(latency.steadyEngine()),
        latency.steadyReceived(),
        latency.negativeE2e(),
        latency.negativeEngine(),
        latency.seconds(),
        HistogramBytes.encode(ownE2e),
        HistogramBytes.encode(othersE2e),
        workload.observations(),
        cpuSeconds,
        allocatedBytes);
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
