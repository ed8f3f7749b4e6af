package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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
import org.streambench.harness.workload.WorkloadRun;

/**
 * Reads the engine's output topic from the beginning in its own consumer (read_committed for
 * exactly-once runs), records latency with the harness's own clock and hands every record to the
 * workload's checks. It stops once the generator is done and the workload has seen every output it
 * expects (plus a short settle time for late duplicates), or when no record has arrived for the
 * idle timeout while the engine was idle too (or for 20 idle timeouts while it was busy).
 *
 * <pre>
 * Collector c = new Collector(servers, topic, guarantee, workloadRun, logFile, originMicros, idle);
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
  private final WorkloadRun workload;
  private volatile java.util.function.BooleanSupplier engineBusy = () -> false;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean stopped;
  private volatile boolean complete;
  private volatile Exception failure;
  private volatile CollectorReport report;
  private volatile long receivedSoFar;
  private volatile IntervalPoint latestSecond;

  public Collector(
      String bootstrapServers,
      String topic,
      Guarantee guarantee,
      WorkloadRun workload,
      Path intervalLog,
      long originMicros,
      Duration idleTimeout)
      throws IOException {
    this.bootstrapServers = bootstrapServers;
    this.topic = topic;
    this.guarantee = guarantee;
    this.workload = workload;
    this.latency = new LatencyRecorder(intervalLog, originMicros);
    this.idleTimeoutNanos = idleTimeout.toNanos();
  }

  public void setSteadyWindow(long fromMicros, long toMicros) {
    latency.setSteadyWindow(fromMicros, toMicros);
  }

  /**
   * Makes the per-second points report backlog against the generator's schedule.
   *
   * @param startMicros the schedule's start (epoch micros)
   * @param schedule the generator's pacing
   * @param total records in the whole schedule
   */
  public void setSchedule(long startMicros, PacingSchedule schedule, long total) {
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

  @Override
  public void run() {
    ThreadCost cost = ThreadCost.start();
    long[] stamps = new long[3];
    long first = 0;
    long last = 0;
    boolean timedOut = false;
    LatencyRecorder rec = latency;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProps())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long lastProgress = System.nanoTime();
      long allSeenAt = -1;
      long lastCompletionCheck = 0;
      while (!stopped) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        long now = EpochMicros.now();
        long nowNanos = System.nanoTime();
        if (rec.rollIntervals(now)) {
          latestSecond = rec.points().get(rec.points().size() - 1);
        }
        if (!records.isEmpty()) {
          lastProgress = nowNanos;
          first = first == 0 ? now : first;
          last = now;
          for (ConsumerRecord<byte[], byte[]> r : records) {
            if (workload.observe(r.value(), stamps)) {
              rec.record(stamps[0], now, stamps[1], stamps[2]);
            }
          }
          receivedSoFar = workload.received();
        }
        if (allSeenAt < 0 && nowNanos - lastCompletionCheck >= COMPLETION_CHECK_NANOS) {
          lastCompletionCheck = nowNanos;
          if (workload.complete()) {
            allSeenAt = nowNanos;
            complete = true;
          }
        }
        if (workload.expectedSoFar() < 0) {
          continue;
        }
        if (allSeenAt >= 0 && nowNanos - allSeenAt >= SETTLE_NANOS) {
          break;
        }
        long silent = nowNanos - lastProgress;
        if (silent >= idleTimeoutNanos
            && (silent >= MAX_BUSY_SILENCE * idleTimeoutNanos || !engineBusy.getAsBoolean())) {
          timedOut = true;
          break;
        }
      }
      rec.close();
      report =
          new CollectorReport(
              workload.received(),
              first,
              last,
              LatencySummary.of(rec.steadyE2e()),
              LatencySummary.of(rec.steadyEngine()),
              rec.steadyReceived(),
              rec.negativeE2e(),
              rec.negativeEngine(),
              List.copyOf(rec.points()),
              workload.expectedSoFar() < 0
                  ? new Verdict(
                      Verdict.Status.UNKNOWN,
                      List.of("stopped before the generator finished"),
                      Map.of(),
                      Map.of())
                  : workload.verdict(),
              timedOut,
              cost.cpuSeconds(),
              workload.received() == 0 ? 0 : (double) cost.allocatedBytes() / workload.received());
    } catch (Exception e) {
      failure = e;
    } finally {
      rec.close();
      finished.countDown();
    }
  }

  private Properties consumerProps() {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "streambench-collector");
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
