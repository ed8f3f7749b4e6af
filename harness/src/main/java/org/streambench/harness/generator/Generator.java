package org.streambench.harness.generator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.harness.process.ThreadCost;
import org.streambench.harness.results.GeneratorReport;

/**
 * Writes a workload's input records to Kafka, open loop: each record is stamped with its intended
 * send time from a {@link PacingSchedule}, never with the time it was actually sent, so a generator
 * or broker that stalls shows up as latency (no coordinated omission) and as lag in the report.
 *
 * <p>The producer is idempotent so that its retries can never look like an engine's duplicates.
 */
public final class Generator implements InputGenerator {
  private static final long MAX_BLOCK_MS = 10_000;

  /**
   * Producer settings of the generator's unpaced sends (drain-mode pre-fill, calibrate's throughput
   * probes): Kafka 4's default linger of 5 ms, which fills larger batches; stored with every run.
   */
  public static final Map<String, String> PRODUCER_SETTINGS =
      Map.of(
          ProducerConfig.ACKS_CONFIG, "all",
          ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true",
          ProducerConfig.LINGER_MS_CONFIG, "5",
          ProducerConfig.BATCH_SIZE_CONFIG, "262144",
          ProducerConfig.BUFFER_MEMORY_CONFIG, "134217728",
          ProducerConfig.COMPRESSION_TYPE_CONFIG, "none",
          // a send blocks at most this long for metadata or buffer space (a dead broker)
          ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(MAX_BLOCK_MS),
          // Kafka 4's default (rebootstrap) drops the cluster's metadata once no broker answers,
          // as when a fault partitions the generator from the brokers: every send then blocked for
          // metadata and failed after max.block.ms (3 of 220,000 lost, 30 s behind schedule in a
          // 60 s partition). A run's brokers keep their addresses, so the producer keeps its
          // metadata and buffers and retries its batches until delivery.timeout.ms (120 s)
          CommonClientConfigs.METADATA_RECOVERY_STRATEGY_CONFIG, "none");

  /**
   * Paced sends (fixed rate) have no linger: a record leaves once the sender is free, and batches
   * still form while requests are in flight (calibrate's pacing rows give the CPU this costs).
   */
  public static final Map<String, String> PACED_OVERRIDES =
      Map.of(ProducerConfig.LINGER_MS_CONFIG, "0");

  /** The producers' client id prefix; their network threads are named after it. */
  private static final String CLIENT_ID = "streambench-generator";

  /** The name of the thread that runs the generator; its helper threads add "-N". */
  public static final String THREAD_NAME = "generator";

  private final String bootstrapServers;
  private final List<String> topics;
  private final InputRecords records;
  private final LoopShare share;
  private final AtomicLong errors = new AtomicLong();
  private final AtomicReference<Exception> firstError = new AtomicReference<>();
  private final List<SendLoop> loops = new CopyOnWriteArrayList<>();
  private volatile boolean stopped;

  /** Records of the current paced generation from which none are sent ({@link #finishBefore}). */
  private volatile long finishLimit = Long.MAX_VALUE;

  private volatile Histogram lastLateness = new Histogram(3);

  /**
   * @param topics one topic per input stream of {@code records}
   */
  public Generator(String bootstrapServers, List<String> topics, InputRecords records) {
    this(bootstrapServers, topics, records, 1);
  }

  /**
   * @param topics one topic per input stream of {@code records}
   * @param threads generator threads; more than one only for input that {@link
   *     InputRecords#encodesConcurrently() encodes concurrently}, and at most the partitions of a
   *     topic
   */
  public Generator(
      String bootstrapServers, List<String> topics, InputRecords records, int threads) {
    this(bootstrapServers, topics, records, LoopShare.all(threads));
  }

  /**
   * A generator that runs {@code share} of a generation's loops, one thread each (an agent's part
   * of a generation split over machines).
   */
  public Generator(
      String bootstrapServers, List<String> topics, InputRecords records, LoopShare share) {
    if (share.total() > 1 && !records.encodesConcurrently()) {
      throw new IllegalArgumentException(
          "this input must be generated by one thread, asked for " + share.total());
    }
    this.bootstrapServers = bootstrapServers;
    this.topics = List.copyOf(topics);
    this.records = records;
    this.share = share;
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
          public boolean encodesConcurrently() {
            return true;
          }

          @Override
          public int encode(long seq, long t, byte[] buf) {
            return IdentityRecords.encodeOutput(seq, t, recordSize, t, t, buf);
          }
        });
  }

  @Override
  public void finishBefore(long records) {
    finishLimit = records;
    loops.forEach(loop -> loop.finishBefore(records));
  }

  /**
   * Stops sending at once and abandons what the producers have not delivered (a failed or
   * interrupted run); a generator that has finished is not affected.
   */
  @Override
  public void stop() {
    stopped = true;
    loops.forEach(SendLoop::abandon);
  }

  /**
   * Sends {@code rate} records/s for {@code warmup + duration}, paced by intended send time; {@code
   * onStart} receives the schedule's start (epoch micros) before the first record is sent. Lateness
   * in the report covers the records due after the warm-up.
   */
  @Override
  public GeneratorReport runPaced(
      long rate, Duration warmup, Duration duration, LongConsumer onStart) throws Exception {
    PacingSchedule schedule = new PacingSchedule(rate);
    long total = schedule.recordsIn(warmup.plus(duration).toNanos());
    long firstSteady = schedule.recordsIn(warmup.toNanos());
    finishLimit = Long.MAX_VALUE;
    return run(total, firstSteady, schedule, Start.NOW, onStart);
  }

  /**
   * The same from a start fixed in advance on another machine's clock (the harness's, for an
   * agent): record 0 is due at {@code startMicros} on that clock, which this machine's clock reads
   * as {@code startMicros + clockOffsetMicros}; records are stamped on that clock.
   */
  public GeneratorReport runPacedFrom(
      long rate, Duration warmup, Duration duration, long startMicros, long clockOffsetMicros)
      throws Exception {
    PacingSchedule schedule = new PacingSchedule(rate);
    long total = schedule.recordsIn(warmup.plus(duration).toNanos());
    long firstSteady = schedule.recordsIn(warmup.toNanos());
    return run(
        total, firstSteady, schedule, new Start(startMicros, clockOffsetMicros), start -> {});
  }

  /** Sends {@code records} records as fast as the producers take them (drain-mode pre-fill). */
  @Override
  public GeneratorReport runUnpaced(long records) throws Exception {
    return run(records, 0, null, Start.NOW, start -> {});
  }

  /**
   * When a generation starts: {@code micros} on the stamping clock, which this machine's reads
   * {@code offsetMicros} ahead; {@link #NOW} for as soon as the loops are ready.
   */
  private record Start(long micros, long offsetMicros) {
    static final Start NOW = new Start(-1, 0);

    /** The start on the stamping clock and on this JVM's nanosecond clock. */
    Origin resolve() {
      long nowNanos = System.nanoTime();
      long nowMicros = EpochMicros.now();
      if (micros < 0) {
        return new Origin(nowMicros, nowNanos);
      }
      long localStartMicros = micros + offsetMicros;
      return new Origin(micros, nowNanos + (localStartMicros - nowMicros) * 1_000);
    }
  }

  /** One instant on the stamping clock (epoch µs) and on this JVM's {@code System.nanoTime()}. */
  private record Origin(long micros, long nanos) {}

  /** Generator threads of this machine, each with its own producer. */
  @Override
  public int threads() {
    return share.count();
  }

  /** Records handed to the producers so far (updated once per batch, for progress reports). */
  @Override
  public long sentSoFar() {
    return loops.stream().mapToLong(SendLoop::sentSoFar).sum();
  }

  /**
   * The lateness of the last generation's steady records (µs behind their intended time), for a
   * harness that merges several generators' (agents').
   */
  public Histogram lateness() {
    return lastLateness;
  }

  /** The first send error, if any. */
  @Override
  public Exception firstError() {
    return firstError.get();
  }

  private GeneratorReport run(
      long total, long firstSteady, PacingSchedule schedule, Start start, LongConsumer onStart)
      throws Exception {
    Callback callback =
        (meta, e) -> {
          if (e != null) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, e);
          }
        };
    List<SendLoop> mine = new ArrayList<>();
    try {
      for (int i = share.first(); i < share.first() + share.count(); i++) {
        SendLoop loop =
            new SendLoop(
                i, share.total(), topics, records, producerProps(i, schedule != null), callback);
        mine.add(loop);
        loops.add(loop);
        loop.finishBefore(finishLimit);
        if (stopped) {
          loop.abandon();
        }
      }
      for (SendLoop loop : mine) {
        loop.prepare(); // metadata before the clock starts
      }
      double networkCpuAtStart = ThreadCost.cpuSecondsOfThreads(Generator::isNetworkThread);
      Origin origin = start.resolve();
      long startMicros = origin.micros();
      onStart.accept(startMicros);
      runLoops(mine, new SendLoop.Plan(total, firstSteady, schedule, origin.nanos(), startMicros));
      long planned = Math.min(total, finishLimit);
      long lastIntended =
          schedule != null && planned > 0
              ? startMicros + schedule.intendedNanos(planned - 1) / 1_000
              : mine.stream().mapToLong(SendLoop::lastIntended).max().orElse(0);
      if (!stopped) {
        sendEndMarkers(mine, lastIntended);
        mine.forEach(SendLoop::flush);
      }
      double networkCpu =
          ThreadCost.cpuSecondsOfThreads(Generator::isNetworkThread) - networkCpuAtStart;
      lastLateness = LoopReports.lateness(mine);
      return LoopReports.ofLoops(
          mine,
          lastLateness,
          errors.get(),
          schedule == null ? 0 : schedule.ratePerSecond(),
          startMicros,
          networkCpu);
    } finally {
      mine.forEach(SendLoop::close);
      loops.removeAll(mine);
    }
  }

  /** Runs every loop on its own thread (the caller's for the first) and waits for them all. */
  private void runLoops(List<SendLoop> mine, SendLoop.Plan plan) throws Exception {
    AtomicReference<Exception> failed = new AtomicReference<>();
    List<Thread> helpers = new ArrayList<>();
    for (SendLoop loop : mine.subList(1, mine.size())) {
      Thread t =
          new Thread(
              () -> runOne(loop, mine, failed, plan), THREAD_NAME + "-" + (helpers.size() + 1));
      t.setDaemon(true);
      helpers.add(t);
      t.start();
    }
    runOne(mine.get(0), mine, failed, plan);
    for (Thread t : helpers) {
      t.join();
    }
    if (failed.get() != null && !stopped) {
      throw failed.get();
    }
  }

  /**
   * Runs one loop; if it fails, the others halt at their next record. A failure after {@link #stop}
   * is the abandoned producer's, and the report covers what was sent.
   */
  private static void runOne(
      SendLoop loop, List<SendLoop> all, AtomicReference<Exception> failed, SendLoop.Plan plan) {
    try {
      loop.run(plan);
    } catch (Exception e) {
      if (!loop.stopped()) {
        failed.compareAndSet(null, e);
      }
      all.forEach(SendLoop::halt);
    }
  }

  /**
   * Writes the workload's end marker, if it has one, to every partition of every input topic, each
   * by the thread that owns the partition, after that thread's last record.
   */
  private void sendEndMarkers(List<SendLoop> mine, long lastIntended) throws Exception {
    byte[] buf = new byte[records.maxRecordBytes()];
    int len = records.encodeEndMarker(lastIntended, buf);
    if (len < 0 || stopped) {
      return;
    }
    byte[] marker = Arrays.copyOf(buf, len);
    for (SendLoop loop : mine) {
      loop.sendEndMarker(marker);
    }
  }

  /** The network thread of a generator producer, which Kafka names after the client id. */
  public static boolean isNetworkThread(String threadName) {
    return threadName.contains("| " + CLIENT_ID);
  }

  /** The generator's own threads and its producers' network threads. */
  public static boolean isGeneratorThread(String threadName) {
    return threadName.equals(THREAD_NAME)
        || threadName.startsWith(THREAD_NAME + "-")
        || isNetworkThread(threadName);
  }

  private Properties producerProps(int thread, boolean paced) {
    Properties p = new Properties();
    p.putAll(producerSettings(paced));
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.CLIENT_ID_CONFIG, thread == 0 ? CLIENT_ID : CLIENT_ID + "-" + thread);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    return p;
  }

  /** The producer settings of paced or of unpaced sends. */
  public static Map<String, String> producerSettings(boolean paced) {
    Map<String, String> settings = new TreeMap<>(PRODUCER_SETTINGS);
    if (paced) {
      settings.putAll(PACED_OVERRIDES);
    }
    return settings;
  }

  /** The generator's producer settings as stored with a run: paced ones for a fixed rate. */
  public static Map<String, String> settingsForProvenance(boolean paced) {
    Map<String, String> out = new TreeMap<>();
    producerSettings(paced).forEach((k, v) -> out.put("generator.producer." + k, v));
    return out;
  }
}
