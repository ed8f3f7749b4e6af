package org.streambench.harness.generator;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.utils.Utils;
import org.streambench.harness.process.ThreadCost;

/**
 * One generator thread with its own producer: it sends the records {@code seq ≡ index (mod
 * threads)} of the global schedule, each at its global intended time, to the partitions it owns
 * ({@code p ≡ index (mod threads)}), so every partition is written by one thread in seq order.
 *
 * <p>The first record to each partition is sent alone and acknowledged before more follow: an
 * idempotent producer with several requests in flight to a partition it has never written can
 * otherwise lose its first batch for good (KAFKA-15591). This costs one round trip per partition at
 * the start and nothing after.
 */
final class SendLoop {
  private static final long MAX_PARK_NANOS = 1_000_000;

  /**
   * Shortest sleep between sends. Waking for every record at high rates costs more CPU than the
   * sends; records due within this time go out together, at most this late.
   */
  private static final long MIN_PARK_NANOS = 400_000;

  private static final long FIRST_WRITE_TIMEOUT_S = 30;

  /**
   * What every loop of one generation sends: records {@code [0, total)}, paced by {@code schedule}
   * (null: as fast as the producer takes them) from {@code startNanos} (the same instant as {@code
   * startMicros}), lateness counted from record {@code firstSteady} on.
   */
  record Plan(
      long total, long firstSteady, PacingSchedule schedule, long startNanos, long startMicros) {}

  private final int index;
  private final int threads;
  private final List<String> topics;
  private final InputRecords records;
  private final Callback callback;
  private final KafkaProducer<byte[], byte[]> producer;
  private int[][] owned;
  private boolean[][] written;
  private final Histogram lateness = new Histogram(3);
  private long[] perSecond = new long[16];
  private long maxLag;
  private long steadyMaxLag;
  private long sent;
  private long lastIntended;
  private double threadCpu;
  private long allocated;
  private volatile long sentSoFar;
  private volatile boolean stopped;
  private volatile long limit = Long.MAX_VALUE;

  SendLoop(
      int index,
      int threads,
      List<String> topics,
      InputRecords records,
      Properties producerProps,
      Callback callback) {
    this.index = index;
    this.threads = threads;
    this.topics = topics;
    this.records = records;
    this.callback = callback;
    this.producer = new KafkaProducer<>(producerProps);
  }

  /** Looks up the partitions (before the clock starts); the thread owns every threads-th one. */
  void prepare() {
    owned = new int[topics.size()][];
    written = new boolean[topics.size()][];
    for (int s = 0; s < topics.size(); s++) {
      int partitions = producer.partitionsFor(topics.get(s)).size();
      if (partitions % threads != 0) {
        throw new IllegalArgumentException(
            threads + " generator threads cannot share " + partitions + " partitions evenly");
      }
      owned[s] = new int[partitions / threads];
      for (int i = 0; i < owned[s].length; i++) {
        owned[s][i] = index + i * threads;
      }
      written[s] = new boolean[partitions];
    }
  }

  /** Sends this thread's share of the plan's records. */
  void run(Plan plan) throws InterruptedException, TimeoutException {
    long total = plan.total();
    long firstSteady = plan.firstSteady();
    PacingSchedule schedule = plan.schedule();
    long startNanos = plan.startNanos();
    long startMicros = plan.startMicros();
    ThreadCost cost = ThreadCost.start();
    byte[] buf = new byte[records.maxRecordBytes()];
    ValueCopy value = new ValueCopy();
    long seq = index;
    while (seq < Math.min(total, limit) && !stopped) {
      long end = Math.min(total, limit);
      long now = System.nanoTime() - startNanos;
      long due = schedule == null ? end : Math.min(end, schedule.dueBy(now));
      if (seq >= due) {
        long wait = schedule.intendedNanos(seq) - now;
        LockSupport.parkNanos(Math.min(Math.max(wait, MIN_PARK_NANOS), MAX_PARK_NANOS));
        continue;
      }
      int second = (int) (now / 1_000_000_000L);
      if (second >= perSecond.length) {
        perSecond = Arrays.copyOf(perSecond, Math.max(second + 1, perSecond.length * 2));
      }
      for (int n = 0; seq < due && !stopped; seq += threads, n++) {
        long intendedNanos = schedule == null ? now : schedule.intendedNanos(seq);
        long lag = (now - intendedNanos) / 1_000;
        maxLag = Math.max(maxLag, lag);
        if (seq >= firstSteady) {
          lateness.recordValue(Math.max(0, lag));
          steadyMaxLag = Math.max(steadyMaxLag, lag);
        }
        long intended = startMicros + intendedNanos / 1_000;
        int len = records.encode(seq, intended, buf);
        send(records.stream(), partitionOf(seq), records.key(), value.of(buf, len));
        lastIntended = intended;
        perSecond[second]++;
        sent++;
        if ((n & 63) == 63) {
          now = System.nanoTime() - startNanos;
          sentSoFar = sent;
        }
      }
      sentSoFar = sent;
    }
    threadCpu = cost.cpuSeconds();
    allocated = cost.allocatedBytes();
  }

  /** Unkeyed records go round-robin over this thread's partitions; keyed ones as Kafka hashes. */
  private int partitionOf(long seq) {
    byte[] key = records.key();
    int stream = records.stream();
    if (key != null) {
      return Utils.toPositive(Utils.murmur2(key)) % written[stream].length;
    }
    int[] mine = owned[stream];
    return mine[(int) ((seq / threads) % mine.length)];
  }

  private void send(int stream, int partition, byte[] key, byte[] value)
      throws InterruptedException, TimeoutException {
    var record = new ProducerRecord<>(topics.get(stream), partition, key, value);
    Future<RecordMetadata> ack = producer.send(record, callback);
    if (!written[stream][partition]) {
      written[stream][partition] = true;
      producer.flush();
      try {
        ack.get(FIRST_WRITE_TIMEOUT_S, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        // counted by the callback; the partition now has this producer's state or a failure
      }
    }
  }

  /** Writes {@code marker} to every partition this thread owns, after its last record there. */
  void sendEndMarker(byte[] marker) throws InterruptedException, TimeoutException {
    for (int s = 0; s < topics.size() && !stopped; s++) {
      for (int p : owned[s]) {
        send(s, p, null, marker);
      }
    }
  }

  /** Waits for every record sent to be acknowledged or to fail. */
  void flush() {
    producer.flush();
  }

  /** Ends the plan before record {@code records}: the loop finishes as at the plan's end. */
  void finishBefore(long records) {
    limit = records;
  }

  /** Stops at the next record and abandons what the producer has not delivered yet. */
  void abandon() {
    stopped = true;
    producer.close(Duration.ZERO);
  }

  /** Stops at the next record, keeping what was sent (another thread failed). */
  void halt() {
    stopped = true;
  }

  void close() {
    producer.close(Duration.ofSeconds(5));
  }

  boolean stopped() {
    return stopped;
  }

  long sentSoFar() {
    return sentSoFar;
  }

  long sent() {
    return sent;
  }

  long lastIntended() {
    return lastIntended;
  }

  Histogram lateness() {
    return lateness;
  }

  long[] perSecond() {
    return perSecond;
  }

  long maxLag() {
    return maxLag;
  }

  long steadyMaxLag() {
    return steadyMaxLag;
  }

  double threadCpu() {
    return threadCpu;
  }

  long allocated() {
    return allocated;
  }
}
