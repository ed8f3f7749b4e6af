package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.process.ThreadCost;
import org.streambench.harness.verify.Verdict;

/**
 * Reads the engine's output topic from the beginning in its own consumer (read_committed for
 * exactly-once runs), records latency with the harness's own clock and hands every record to the
 * workload's checks ({@link OutputRecords}). It stops once the generator is done and the workload
 * has seen every output it expects (plus a short settle time for late duplicates), or when no
 * record has arrived for the idle timeout while the engine was idle too (or for 20 idle timeouts
 * while it was busy).
 *
 * <pre>
 * Collector c = new Collector(servers, topic, guarantee, run, logFile, originMicros, idle, threads);
 * Thread t = new Thread(c); t.start();
 * c.setSteadyWindow(from, to);   // once the generator has started
 * workloadRun.expect(sent);      // once the generator has finished
 * CollectorReport r = c.awaitReport(timeout);
 * </pre>
 */
public final class Collector implements Runnable {
  private static final long SETTLE_NANOS = Duration.ofSeconds(1).toNanos();
  private static final long COMPLETION_CHECK_NANOS = Duration.ofMillis(100).toNanos();

  /** A busy engine may stay silent this many idle timeouts at most (a stuck loop is not work). */
  private static final int MAX_BUSY_SILENCE = 20;

  /** The name of the collector's thread; its helper threads add "-N". */
  public static final String THREAD_NAME = "collector";

  /** Consumer settings of the collector; stored with every run, shared with calibrate. */
  public static final Map<String, String> CONSUMER_SETTINGS =
      Map.of(
          ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10000",
          ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "50");

  private final String bootstrapServers;
  private final String topic;
  private final Guarantee guarantee;
  private final LatencyRecorder latency;
  private final long idleTimeoutNanos;
  private final OutputRecords workload;
  private volatile java.util.function.BooleanSupplier engineBusy = () -> false;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean stopped;
  private volatile boolean complete;
  private volatile Exception failure;
  private volatile CollectorReport report;
  private volatile long receivedSoFar;
  private volatile IntervalPoint latestSecond;
  private final int threads;
  private volatile boolean done;
  private volatile Exception helperFailure;
  private volatile long lastProgressNanos;
  private final java.util.concurrent.atomic.DoubleAdder helperCpuSeconds =
      new java.util.concurrent.atomic.DoubleAdder();
  private final java.util.concurrent.atomic.LongAdder helperAllocated =
      new java.util.concurrent.atomic.LongAdder();
  // guarded by this
  private long first;
  private long last;

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
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be positive, was " + threads);
    }
    this.threads = threads;
    this.bootstrapServers = bootstrapServers;
    this.topic = topic;
    this.guarantee = guarantee;
    this.workload = workload;
    this.latency = new LatencyRecorder(intervalLog, originMicros);
    this.idleTimeoutNanos = idleTimeout.toNanos();
  }

  public synchronized void setSteadyWindow(long fromMicros, long toMicros) {
    latency.setSteadyWindow(fromMicros, toMicros);
  }

  /**
   * Makes the per-second points report backlog against the generator's schedule.
   *
   * @param startMicros the schedule's start (epoch micros)
   * @param schedule the generator's pacing
   * @param total records in the whole schedule
   */
  public synchronized void setSchedule(long startMicros, PacingSchedule schedule, long total) {
    latency.setSchedule(
        t -> t < startMicros ? 0 : Math.min(total, schedule.dueBy((t - startMicros) * 1_000)));
  }

  /** Records received so far (for progress reports). */
  public long receivedSoFar() {
    return receivedSoFar;
  }

  /**
   * While {@code busy} says the engine is working, silence does not count as idle (a windowed job
   * draining a large input may emit nothing until its windows close).
   */
  public void setEngineBusy(java.util.function.BooleanSupplier busy) {
    engineBusy = busy;
  }

  /** Whether every expected output has arrived (the collector is settling or done). */
  public boolean outputComplete() {
    return complete;
  }

  /** The last complete second of output, or null before the first (for progress reports). */
  public IntervalPoint latestSecond() {
    return latestSecond;
  }

  /** Stops reading at once (interrupted runs). */
  public void stop() {
    stopped = true;
  }

  /** Waits for the collector to finish; null if it has not within {@code timeout}. */
  public CollectorReport awaitReport(Duration timeout) throws Exception {
    if (!finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return null;
    }
    if (failure != null) {
      throw failure;
    }
    return report;
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
   * and recorded under one lock, so the workload's checks and the histograms see each record once.
   */
  @Override
  public void run() {
    ThreadCost cost = ThreadCost.start();
    boolean timedOut = false;
    List<Thread> helpers = new ArrayList<>();
    List<KafkaConsumer<byte[], byte[]>> consumers = new ArrayList<>();
    try {
      consumers.add(new KafkaConsumer<>(consumerProps(0)));
      List<TopicPartition> partitions =
          consumers.get(0).partitionsFor(topic, Duration.ofSeconds(30)).stream()
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .toList();
      // a thread without a partition would have nothing to read
      int used = Math.min(threads, partitions.size());
      for (int t = 1; t < used; t++) {
        consumers.add(new KafkaConsumer<>(consumerProps(t)));
      }
      for (int t = 0; t < used; t++) {
        List<TopicPartition> share = new ArrayList<>();
        for (TopicPartition tp : partitions) {
          if (tp.partition() % used == t) {
            share.add(tp);
          }
        }
        consumers.get(t).assign(share);
        consumers.get(t).seekToBeginning(share);
      }
      for (int t = 1; t < used; t++) {
        KafkaConsumer<byte[], byte[]> consumer = consumers.get(t);
        Thread helper = new Thread(() -> readUntilDone(consumer), THREAD_NAME + "-" + t);
        helper.setDaemon(true);
        helpers.add(helper);
        helper.start();
      }
      timedOut = readAndDecide(consumers.get(0));
      stopHelpers(helpers);
      if (helperFailure != null) {
        throw helperFailure;
      }
      report = report(timedOut, cost);
    } catch (Exception e) {
      failure = e;
    } finally {
      try {
        stopHelpers(helpers);
        synchronized (this) {
          latency.close();
        }
        for (KafkaConsumer<byte[], byte[]> c : consumers) {
          closeQuietly(c);
        }
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

  private static void closeQuietly(KafkaConsumer<byte[], byte[]> consumer) {
    try {
      consumer.close();
    } catch (RuntimeException e) {
      // a helper that did not end in time still holds it; the run goes on without it
    }
  }

  /** A helper thread's loop: read its share until the deciding thread is done. */
  private void readUntilDone(KafkaConsumer<byte[], byte[]> consumer) {
    ThreadCost cost = ThreadCost.start();
    long[] stamps = new long[3];
    try {
      while (!done && !stopped) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        take(records, EpochMicros.now(), stamps);
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
    lastProgressNanos = System.nanoTime();
    long allSeenAt = -1;
    long lastCompletionCheck = 0;
    while (!stopped && !done) {
      ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
      take(records, EpochMicros.now(), stamps);
      long nowNanos = System.nanoTime();
      synchronized (this) {
        roll(EpochMicros.now());
        if (allSeenAt < 0 && nowNanos - lastCompletionCheck >= COMPLETION_CHECK_NANOS) {
          lastCompletionCheck = nowNanos;
          if (workload.complete()) {
            allSeenAt = nowNanos;
            complete = true;
          }
        }
      }
      if (workload.expectedSoFar() < 0) {
        continue;
      }
      if (allSeenAt >= 0 && nowNanos - allSeenAt >= SETTLE_NANOS) {
        return false;
      }
      long silent = nowNanos - lastProgressNanos;
      if (silent >= idleTimeoutNanos
          && (silent >= MAX_BUSY_SILENCE * idleTimeoutNanos || !engineBusy.getAsBoolean())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Checks and records a poll's records, received at {@code now} (read before the lock, so that
   * waiting for it is not counted as latency); the one place that touches the workload and latency.
   */
  private void take(ConsumerRecords<byte[], byte[]> records, long now, long[] stamps) {
    if (records.isEmpty()) {
      return;
    }
    synchronized (this) {
      roll(now); // the records belong to the second they arrived in
      lastProgressNanos = System.nanoTime();
      first = first == 0 ? now : first;
      last = now;
      for (ConsumerRecord<byte[], byte[]> r : records) {
        if (workload.observe(r.value(), stamps)) {
          latency.record(stamps[0], now, stamps[1], stamps[2]);
        }
      }
      receivedSoFar = workload.received();
    }
  }

  /** Closes the seconds that have ended (guarded by this). */
  private void roll(long nowMicros) {
    if (latency.rollIntervals(nowMicros)) {
      latestSecond = latency.points().get(latency.points().size() - 1);
    }
  }

  private synchronized CollectorReport report(boolean timedOut, ThreadCost cost) {
    latency.close();
    return new CollectorReport(
        workload.received(),
        first,
        last,
        LatencySummary.of(latency.steadyE2e()),
        LatencySummary.of(latency.steadyEngine()),
        latency.steadyReceived(),
        latency.negativeE2e(),
        latency.negativeEngine(),
        List.copyOf(latency.points()),
        workload.expectedSoFar() < 0
            ? new Verdict(
                Verdict.Status.UNKNOWN,
                List.of("stopped before the generator finished"),
                Map.of(),
                Map.of())
            : workload.verdict(),
        timedOut,
        cost.cpuSeconds() + helperCpuSeconds.sum(),
        workload.received() == 0
            ? 0
            : (double) (cost.allocatedBytes() + helperAllocated.sum()) / workload.received());
  }

  private Properties consumerProps(int thread) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(
        ConsumerConfig.CLIENT_ID_CONFIG,
        thread == 0 ? "streambench-collector" : "streambench-collector-" + thread);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.putAll(CONSUMER_SETTINGS);
    p.put(
        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
        guarantee == Guarantee.EXACTLY_ONCE ? "read_committed" : "read_uncommitted");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return p;
  }
}
