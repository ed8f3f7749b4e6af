package org.streambench.harness.generator;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.harness.process.ThreadCost;

/**
 * Writes a workload's input records to Kafka, open loop: each record is stamped with its intended
 * send time from a {@link PacingSchedule}, never with the time it was actually sent, so a generator
 * or broker that stalls shows up as latency (no coordinated omission) and as lag in the report.
 *
 * <p>The producer is idempotent so that its retries can never look like an engine's duplicates.
 */
public final class Generator {
  /** Producer settings of the generator; stored with every run. */
  public static final Map<String, String> PRODUCER_SETTINGS =
      Map.of(
          ProducerConfig.ACKS_CONFIG, "all",
          ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true",
          ProducerConfig.LINGER_MS_CONFIG, "5",
          ProducerConfig.BATCH_SIZE_CONFIG, "262144",
          ProducerConfig.BUFFER_MEMORY_CONFIG, "134217728",
          ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");

  /** The producer's client id; its network thread is named after it. */
  private static final String CLIENT_ID = "streambench-generator";

  private static final long MAX_PARK_NANOS = 1_000_000;

  /**
   * Shortest sleep between sends. Waking for every record at high rates costs more CPU than the
   * sends; records due within this time go out together, at most this late.
   */
  private static final long MIN_PARK_NANOS = 100_000;

  private final String bootstrapServers;
  private final List<String> topics;
  private final InputRecords records;
  private final AtomicLong errors = new AtomicLong();
  private final AtomicReference<Exception> firstError = new AtomicReference<>();
  private volatile boolean stopped;
  private volatile long sentSoFar;

  /**
   * @param topics one topic per input stream of {@code records}
   */
  public Generator(String bootstrapServers, List<String> topics, InputRecords records) {
    this.bootstrapServers = bootstrapServers;
    this.topics = List.copyOf(topics);
    this.records = records;
  }

  /**
   * A generator whose records look like an identity engine's output (stamped in = out = intended
   * time), to measure the collector without an engine.
   */
  public static Generator ofEngineOutput(String bootstrapServers, String topic, int recordSize) {
    return new Generator(
        bootstrapServers,
        List.of(topic),
        new InputRecords() {
          @Override
          public int maxRecordBytes() {
            return recordSize + 64;
          }

          @Override
          public int encode(long seq, long t, byte[] buf) {
            return IdentityRecords.encodeOutput(seq, t, recordSize, t, t, buf);
          }
        });
  }

  /** Stops sending at the next record; the report covers what was sent. */
  public void stop() {
    stopped = true;
  }

  /**
   * Sends {@code rate} records/s for {@code warmup + duration}, paced by intended send time; {@code
   * onStart} receives the schedule's start (epoch micros) before the first record is sent. Lateness
   * in the report covers the records due after the warm-up.
   */
  public GeneratorReport runPaced(
      long rate, Duration warmup, Duration duration, LongConsumer onStart) {
    PacingSchedule schedule = new PacingSchedule(rate);
    long total = schedule.recordsIn(warmup.plus(duration).toNanos());
    long firstSteady = schedule.recordsIn(warmup.toNanos());
    return run(total, firstSteady, schedule, onStart);
  }

  /** Sends {@code records} records as fast as the producer takes them (drain-mode pre-fill). */
  public GeneratorReport runUnpaced(long records) {
    return run(records, 0, null, start -> {});
  }

  /** Records handed to the producer so far (updated once per batch, for progress reports). */
  public long sentSoFar() {
    return sentSoFar;
  }

  /** The first send error, if any. */
  public Exception firstError() {
    return firstError.get();
  }

  private GeneratorReport run(
      long total, long firstSteady, PacingSchedule schedule, LongConsumer onStart) {
    Histogram lateness = new Histogram(3);
    long[] perSecond = new long[16];
    byte[] buf = new byte[records.maxRecordBytes()];
    Callback callback =
        (meta, e) -> {
          if (e != null) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, e);
          }
        };
    long maxLag = 0;
    long steadyMaxLag = 0;
    long seq = 0;
    long startMicros;
    double networkCpu;
    double threadCpu;
    long allocated;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProps())) {
      // metadata before the clock starts; unkeyed records are spread evenly by seq, since the
      // default sticky partitioner fills one partition per batch and skews short runs
      int[] partitions = new int[topics.size()];
      for (int i = 0; i < partitions.length; i++) {
        partitions[i] = producer.partitionsFor(topics.get(i)).size();
      }
      long lastIntended = 0;
      // what the records cost, not what creating the producer cost
      ThreadCost cost = ThreadCost.start();
      double networkCpuAtStart = ThreadCost.cpuSecondsOfThreads(Generator::isNetworkThread);
      long startNanos = System.nanoTime();
      startMicros = EpochMicros.now();
      onStart.accept(startMicros);
      while (seq < total && !stopped) {
        long now = System.nanoTime() - startNanos;
        long due = schedule == null ? total : Math.min(total, schedule.dueBy(now));
        if (seq >= due) {
          long wait = schedule.intendedNanos(seq) - now;
          LockSupport.parkNanos(Math.min(Math.max(wait, MIN_PARK_NANOS), MAX_PARK_NANOS));
          continue;
        }
        int second = (int) (now / 1_000_000_000L);
        if (second >= perSecond.length) {
          perSecond = Arrays.copyOf(perSecond, Math.max(second + 1, perSecond.length * 2));
        }
        for (; seq < due && !stopped; seq++) {
          long intendedNanos = schedule == null ? now : schedule.intendedNanos(seq);
          long lag = (now - intendedNanos) / 1_000;
          maxLag = Math.max(maxLag, lag);
          if (seq >= firstSteady) {
            lateness.recordValue(Math.max(0, lag));
            steadyMaxLag = Math.max(steadyMaxLag, lag);
          }
          long intended = startMicros + intendedNanos / 1_000;
          int len = records.encode(seq, intended, buf);
          int stream = records.stream();
          byte[] key = records.key();
          producer.send(
              new ProducerRecord<>(
                  topics.get(stream),
                  key == null ? (int) (seq % partitions[stream]) : null,
                  key,
                  Arrays.copyOf(buf, len)),
              callback);
          lastIntended = intended;
          perSecond[second]++;
          if ((seq & 63) == 63) {
            now = System.nanoTime() - startNanos;
          }
        }
        sentSoFar = seq;
      }
      sendEndMarkers(producer, lastIntended, buf, callback);
      producer.flush();
      networkCpu = ThreadCost.cpuSecondsOfThreads(Generator::isNetworkThread) - networkCpuAtStart;
      threadCpu = cost.cpuSeconds();
      allocated = cost.allocatedBytes();
    }
    long endMicros = EpochMicros.now();
    double seconds = Math.max(1e-6, (endMicros - startMicros) / 1e6);
    int usedSeconds = perSecond.length;
    while (usedSeconds > 0 && perSecond[usedSeconds - 1] == 0) {
      usedSeconds--;
    }
    return new GeneratorReport(
        seq - errors.get(),
        errors.get(),
        schedule == null ? 0 : schedule.ratePerSecond(),
        seq / seconds,
        maxLag,
        steadyMaxLag,
        lateness.getValueAtPercentile(50),
        lateness.getValueAtPercentile(99),
        Arrays.copyOf(perSecond, usedSeconds),
        startMicros,
        endMicros,
        threadCpu,
        networkCpu,
        seq == 0 ? 0 : (double) allocated / seq);
  }

  /** Writes the workload's end marker, if it has one, to every partition of every input topic. */
  private void sendEndMarkers(
      KafkaProducer<byte[], byte[]> producer, long lastIntended, byte[] buf, Callback callback) {
    int len = records.encodeEndMarker(lastIntended, buf);
    if (len < 0 || stopped) {
      return;
    }
    byte[] marker = Arrays.copyOf(buf, len);
    for (String topic : topics) {
      for (var partition : producer.partitionsFor(topic)) {
        producer.send(new ProducerRecord<>(topic, partition.partition(), null, marker), callback);
      }
    }
  }

  /** The network thread of the generator's producer, which Kafka names after the client id. */
  public static boolean isNetworkThread(String threadName) {
    return threadName.endsWith("| " + CLIENT_ID);
  }

  private Properties producerProps() {
    Properties p = new Properties();
    p.putAll(PRODUCER_SETTINGS);
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.CLIENT_ID_CONFIG, CLIENT_ID);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    return p;
  }

  /** The generator's producer settings as stored with a run. */
  public static Map<String, String> settingsForProvenance() {
    Map<String, String> out = new TreeMap<>();
    PRODUCER_SETTINGS.forEach((k, v) -> out.put("generator.producer." + k, v));
    return out;
  }
}
