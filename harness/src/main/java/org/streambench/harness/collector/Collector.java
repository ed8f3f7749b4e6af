package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.process.ThreadCost;
import org.streambench.harness.results.IntervalPoint;

/**
 * Reads the engine's output topic from the beginning in its own consumer (read_committed for
 * exactly-once runs), records latency with the harness's own clock and hands every record to the
 * workload's checks. It stops once the generator is done and the workload has seen every output it
 * expects (plus a short settle time for late duplicates), or when no record has arrived for the
 * idle timeout while the engine was idle too (or for 20 idle timeouts while it was busy).
 *
 * <pre>
 * Collector c = new Collector(servers, topic, guarantee, run, logFile, originMicros, idle, threads);
 * Thread t = new Thread(c); t.start();
 * c.setSteadyWindow(steady);     // once the generator has started
 * workloadRun.expect(sent);      // once the generator has finished
 * CollectorReport r = c.awaitReport(timeout);
 * </pre>
 */
public final class Collector implements Runnable, OutputCollector {
  private static final long SETTLE_NANOS = Duration.ofSeconds(1).toNanos();
  private static final long COMPLETION_CHECK_NANOS = Duration.ofMillis(100).toNanos();

  /** A busy engine may stay silent this many idle timeouts at most (a stuck loop is not work). */
  private static final int MAX_BUSY_SILENCE = 20;

  /** The name of the collector's thread; its helper threads add "-N". */
  public static final String THREAD_NAME = "collector";

  /**
   * Consumer settings of the collector; stored with every run, shared with calibrate. The socket's
   * receive buffer is ConsumerPerformance's (its {@code --socket-buffer-size}, 2 MiB), not the
   * client's 64 KiB default, with which a consumer loop read measurably slower on one CPU
   * (docs/driver-cost.md).
   */
  public static final Map<String, String> CONSUMER_SETTINGS =
      Map.of(
          ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10000",
          ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "50",
          ConsumerConfig.RECEIVE_BUFFER_CONFIG, Integer.toString(2 << 20));

  private final String bootstrapServers;
  private final String topic;
  private final Guarantee guarantee;
  private final int threads;
  private final long idleTimeoutNanos;
  private final CollectorShare share;
  private final OutputChecks checks;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final DoubleAdder helperCpuSeconds = new DoubleAdder();
  private final LongAdder helperAllocated = new LongAdder();
  private volatile BooleanSupplier engineBusy = () -> false;
  private volatile boolean stopped;
  private volatile boolean done;
  private volatile boolean complete;
  private volatile Exception failure;
  private volatile Exception helperFailure;
  private volatile CollectorReport report;
  private volatile CollectedPart part;

  /**
   * @param threads consumer threads, each reading every threads-th partition
   */
  public Collector(
      String bootstrapServers,
      String topic,
      Guarantee guarantee,
      OutputRecords workload,
      Path intervalLog,
      long originMicros,
      Duration idleTimeout,
      int threads)
      throws IOException {
    this(
        bootstrapServers,
        topic,
        guarantee,
        workload,
        intervalLog,
        originMicros,
        idleTimeout,
        threads,
        CollectorShare.ALL);
  }

  /**
   * A collector of {@code share} of the output. An agent's share never decides to stop on its own
   * (its workload expects nothing): the harness stops it and merges its {@link #part()}.
   */
  public Collector(
      String bootstrapServers,
      String topic,
      Guarantee guarantee,
      OutputRecords workload,
      Path intervalLog,
      long originMicros,
      Duration idleTimeout,
      int threads,
      CollectorShare share)
      throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be positive, was " + threads);
    }
    this.threads = threads;
    this.bootstrapServers = bootstrapServers;
    this.topic = topic;
    this.guarantee = guarantee;
    this.share = share;
    this.checks = new OutputChecks(workload, intervalLog, originMicros, share);
    this.idleTimeoutNanos = idleTimeout.toNanos();
  }

  @Override
  public void setSteadyWindow(SteadyWindow steady) {
    checks.setSteadyWindow(steady);
  }

  /**
   * Makes the per-second points report backlog against the generator's schedule.
   *
   * @param startMicros the schedule's start (epoch micros)
   * @param schedule the generator's pacing
   * @param total records in the whole schedule
   */
  @Override
  public void setSchedule(long startMicros, PacingSchedule schedule, long total) {
    checks.setSchedule(startMicros, schedule, total);
  }

  /** Epoch micros when the newest output record was received, 0 before the first. */
  @Override
  public long lastReceiveMicros() {
    return checks.lastReceiveMicros();
  }

  /** Records received so far (for progress reports). */
  @Override
  public long receivedSoFar() {
    return checks.received();
  }

  /**
   * While {@code busy} says the engine is working, silence does not count as idle (a windowed job
   * draining a large input may emit nothing until its windows close).
   */
  @Override
  public void setEngineBusy(BooleanSupplier busy) {
    engineBusy = busy;
  }

  /** Whether every expected output has arrived (the collector is settling or done). */
  @Override
  public boolean outputComplete() {
    return complete;
  }

  /** The last complete second of output, or null before the first (for progress reports). */
  @Override
  public IntervalPoint latestSecond() {
    return checks.latestSecond();
  }

  @Override
  public List<IntervalPoint> secondsSoFar() {
    return checks.secondsSoFar();
  }

  /** Stops reading at once (interrupted runs). */
  @Override
  public void stop() {
    stopped = true;
  }

  /** Waits for the collector to finish; null if it has not within {@code timeout}. */
  @Override
  public CollectorReport awaitReport(Duration timeout) throws Exception {
    if (!finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return null;
    }
    if (failure != null) {
      throw failure;
    }
    return report;
  }

  /** What the workload's check has observed so far (an agent's, for the harness to merge). */
  public byte[] observations() {
    return checks.observations();
  }

  /** An agent's share of the output, once the report is there; null for the harness's. */
  public CollectedPart part() {
    return part;
  }

  /** Epoch micros now on the harness's clock (an agent's clock corrected by its offset). */
  private long now() {
    return EpochMicros.now() - share.clockCorrectionMicros();
  }

  /** The collector's own threads. */
  public static boolean isCollectorThread(String name) {
    return name.equals(THREAD_NAME) || name.startsWith(THREAD_NAME + "-");
  }

  /** Consumer threads of this collector. */
  public int threads() {
    return threads;
  }

  /**
   * Reads until complete or idle. The calling thread reads its share of the partitions and decides
   * when to stop; each helper thread reads its own share with its own consumer. Records are checked
   * and recorded by {@link OutputChecks} under one lock, so each is seen once.
   */
  @Override
  public void run() {
    ThreadCost cost = ThreadCost.start();
    List<Thread> helpers = new ArrayList<>();
    List<KafkaConsumer<byte[], byte[]>> consumers = List.of();
    try {
      consumers = OutputConsumers.open(bootstrapServers, topic, guarantee, threads, share);
      for (int t = 1; t < consumers.size(); t++) {
        KafkaConsumer<byte[], byte[]> consumer = consumers.get(t);
        Thread helper = new Thread(() -> readUntilDone(consumer), THREAD_NAME + "-" + t);
        helper.setDaemon(true);
        helpers.add(helper);
        helper.start();
      }
      boolean timedOut = readAndDecide(consumers.get(0));
      stopHelpers(helpers);
      if (helperFailure != null) {
        throw helperFailure;
      }
      double cpu = cost.cpuSeconds() + helperCpuSeconds.sum();
      long allocated = cost.allocatedBytes() + helperAllocated.sum();
      if (share.agent()) {
        part = checks.part(cpu, allocated);
      }
      report = checks.report(timedOut, cpu, allocated);
    } catch (Exception e) {
      failure = e;
    } finally {
      try {
        stopHelpers(helpers);
        checks.close();
        consumers.forEach(OutputConsumers::closeQuietly);
      } finally {
        finished.countDown();
      }
    }
  }

  /** Ends the helpers' loops and waits for them, so that no consumer is closed while polled. */
  private void stopHelpers(List<Thread> helpers) {
    done = true;
    for (Thread helper : helpers) {
      try {
        helper.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** A helper thread's loop: read its share until the deciding thread is done. */
  private void readUntilDone(KafkaConsumer<byte[], byte[]> consumer) {
    ThreadCost cost = ThreadCost.start();
    long[] stamps = new long[3];
    try {
      while (!done && !stopped) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        checks.take(records, now(), stamps);
      }
    } catch (Exception e) {
      helperFailure = e;
      done = true;
    } finally {
      helperCpuSeconds.add(cost.cpuSeconds());
      helperAllocated.add(cost.allocatedBytes());
    }
  }

  /**
   * The deciding thread's loop: reads its share, rolls the per-second intervals and stops once
   * every expected output has arrived (plus a settle time), or on idleness; true if it timed out.
   */
  private boolean readAndDecide(KafkaConsumer<byte[], byte[]> consumer) {
    long[] stamps = new long[3];
    checks.resetIdleClock();
    long allSeenAt = -1;
    long lastCompletionCheck = 0;
    while (!stopped && !done) {
      ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
      checks.take(records, now(), stamps);
      long nowNanos = System.nanoTime();
      checks.roll(now());
      if (allSeenAt < 0 && nowNanos - lastCompletionCheck >= COMPLETION_CHECK_NANOS) {
        lastCompletionCheck = nowNanos;
        if (checks.complete()) {
          allSeenAt = nowNanos;
          complete = true;
        }
      }
      if (!checks.expectationKnown()) {
        continue;
      }
      if (allSeenAt >= 0 && nowNanos - allSeenAt >= SETTLE_NANOS) {
        return false;
      }
      long silent = nowNanos - checks.lastTakenNanos();
      if (silent >= idleTimeoutNanos
          && (silent >= MAX_BUSY_SILENCE * idleTimeoutNanos || !engineBusy.getAsBoolean())) {
        return true;
      }
    }
    return false;
  }
}
