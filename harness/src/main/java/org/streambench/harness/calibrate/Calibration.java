package org.streambench.harness.calibrate;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.generator.GeneratorReport;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.workload.WorkloadRun;
import org.streambench.harness.workload.Workloads;

/**
 * Measures the driver against what Kafka's clients can do on this machine: the generator against
 * ProducerPerformance and the collector against ConsumerPerformance at each record size (same
 * client settings, back to back), then the paced generator's accuracy at each target rate.
 */
public final class Calibration {
  /** Bytes the engine's two stamps add to an output record (",<16 digits>" twice). */
  private static final int STAMP_BYTES = 34;

  private static final Duration PACING_WARMUP = Duration.ofSeconds(1);
  private static final int PARTITIONS = 2;

  /** Partitions of the scaling topics: each of up to 4 threads or processes owns one at least. */
  private static final int SCALING_PARTITIONS = 4;

  /**
   * What to measure.
   *
   * @param sizes record sizes in bytes
   * @param records records per measurement at the smallest size; larger sizes send fewer, in
   *     proportion, but at least a tenth
   * @param rates target rates of the pacing measurement
   * @param pacingDuration how long each rate is measured (after a 1 s warm-up)
   * @param threads thread counts of the scaling measurement
   * @param repetitions measurements per side and thread count
   */
  public record Plan(
      List<Integer> sizes,
      long records,
      List<Long> rates,
      Duration pacingDuration,
      List<Integer> threads,
      int repetitions) {
    long recordsFor(int size) {
      int smallest = sizes.stream().mapToInt(Integer::intValue).min().orElse(size);
      return Math.max(records / 10, records * smallest / size);
    }
  }

  private final KafkaCluster kafka;
  private final KafkaPerfTools tools;
  private final Path dir;
  private final Consumer<String> progress;
  private final List<String> topics = new ArrayList<>();

  public Calibration(
      Home home, KafkaCluster kafka, Path dir, String id, Consumer<String> progress) {
    this.kafka = kafka;
    this.tools = new KafkaPerfTools(home, kafka.bootstrapServers(), dir, id);
    this.dir = dir;
    this.progress = progress;
  }

  public CalibrationResult run(String id, Plan plan, Map<String, Object> provenance)
      throws Exception {
    String startedAt = Instant.now().toString();
    List<CalibrationResult.SizeResult> sizes = new ArrayList<>();
    for (int size : plan.sizes()) {
      sizes.add(measureSize(size, plan.recordsFor(size)));
    }
    List<CalibrationResult.PacingResult> pacing = new ArrayList<>();
    for (long rate : plan.rates()) {
      pacing.add(measurePacing(rate, plan.pacingDuration()));
    }
    List<CalibrationResult.ScalingResult> scaling = new ArrayList<>();
    int smallest = plan.sizes().stream().mapToInt(Integer::intValue).min().orElse(100);
    for (int threads : plan.threads()) {
      scaling.add(measureThreads(threads, smallest, plan.records(), plan.repetitions()));
    }
    deleteTopics();
    return new CalibrationResult(
        2,
        id,
        startedAt,
        Instant.now().toString(),
        kafka.description(),
        sizes,
        pacing,
        scaling,
        Generator.PRODUCER_SETTINGS,
        Collector.CONSUMER_SETTINGS,
        provenance);
  }

  private CalibrationResult.SizeResult measureSize(int size, long records) throws Exception {
    long warmup = records / 3;
    progress.accept(
        String.format(
            "%d-byte records: generator, %,d warm-up + %,d measured records",
            size, warmup, records));
    String genTopic = topic("gen-" + size);
    new Generator(kafka.bootstrapServers(), List.of(genTopic), Workloads.identity(size))
        .runUnpaced(warmup);
    GeneratorReport gen =
        new Generator(kafka.bootstrapServers(), List.of(genTopic), Workloads.identity(size))
            .runUnpaced(records);
    progress.accept(String.format("%d-byte records: ProducerPerformance, same counts", size));
    double pp =
        tools.producerRate(topic("pp-" + size), warmup, records, size, Generator.PRODUCER_SETTINGS);

    String output = topic("out-" + size);
    progress.accept(String.format("%d-byte records: pre-filling engine-like output", size));
    Generator.ofEngineOutput(kafka.bootstrapServers(), output, Math.max(0, size - STAMP_BYTES))
        .runUnpaced(records);
    progress.accept(String.format("%d-byte records: collector", size));
    CollectorReport col = collect(output, records, size, 1);
    progress.accept(String.format("%d-byte records: ConsumerPerformance", size));
    double cp = tools.consumerRate(output, records, Collector.CONSUMER_SETTINGS);

    double collectorRate =
        col.received() / Math.max(1e-3, (col.lastReceiveMicros() - col.firstReceiveMicros()) / 1e6);
    return new CalibrationResult.SizeResult(
        size,
        records,
        gen.achievedRate(),
        pp,
        gen.achievedRate() / pp,
        (gen.threadCpuSeconds() + gen.networkThreadCpuSeconds()) * 1e6 / records,
        gen.allocatedBytesPerRecord(),
        collectorRate,
        cp,
        collectorRate / cp,
        col.threadCpuSeconds() * 1e6 / Math.max(1, col.received()),
        col.allocatedBytesPerRecord());
  }

  /**
   * The generator and collector with {@code threads} threads against as many Kafka tool processes,
   * on topics with as many partitions as the largest thread count could own, repeated.
   */
  private CalibrationResult.ScalingResult measureThreads(
      int threads, int size, long recordsAsked, int repetitions) throws Exception {
    long records = recordsAsked;
    // every thread and process owns as many partitions, and reads as many records
    int partitions = threads * Math.max(1, SCALING_PARTITIONS / threads);
    records -= records % partitions;
    long warmup = records / 3;
    List<Double> gen = new ArrayList<>();
    List<Double> pp = new ArrayList<>();
    List<Double> col = new ArrayList<>();
    List<Double> cp = new ArrayList<>();
    for (int rep = 1; rep <= repetitions; rep++) {
      String label = String.format("%d thread(s), repetition %d/%d", threads, rep, repetitions);
      progress.accept(label + ": generator, then " + threads + " ProducerPerformance");
      String genTopic = topic("scale-gen-" + threads + "-" + rep, partitions);
      new Generator(kafka.bootstrapServers(), List.of(genTopic), Workloads.identity(size), threads)
          .runUnpaced(warmup);
      gen.add(
          new Generator(
                  kafka.bootstrapServers(), List.of(genTopic), Workloads.identity(size), threads)
              .runUnpaced(records)
              .achievedRate());
      pp.add(
          tools.producerRates(
              topic("scale-pp-" + threads + "-" + rep, partitions),
              threads,
              warmup,
              records,
              size,
              Generator.PRODUCER_SETTINGS));
      progress.accept(label + ": collector, then " + threads + " ConsumerPerformance");
      String output = topic("scale-out-" + threads + "-" + rep, partitions);
      Generator.ofEngineOutput(kafka.bootstrapServers(), output, Math.max(0, size - STAMP_BYTES))
          .runUnpaced(records);
      CollectorReport c = collect(output, records, size, threads);
      col.add(
          c.received() / Math.max(1e-3, (c.lastReceiveMicros() - c.firstReceiveMicros()) / 1e6));
      cp.add(tools.consumerRates(output, threads, records, Collector.CONSUMER_SETTINGS));
    }
    var g = CalibrationResult.Spread.of(gen);
    var p = CalibrationResult.Spread.of(pp);
    var c = CalibrationResult.Spread.of(col);
    var k = CalibrationResult.Spread.of(cp);
    return new CalibrationResult.ScalingResult(
        threads,
        size,
        records,
        repetitions,
        g,
        p,
        g.median() / p.median(),
        c,
        k,
        c.median() / k.median());
  }

  private CollectorReport collect(String topic, long records, int size, int threads)
      throws Exception {
    WorkloadRun identity = Workloads.identity(0);
    Collector collector =
        new Collector(
            kafka.bootstrapServers(),
            topic,
            Guarantee.AT_LEAST_ONCE,
            identity,
            dir.resolve("collector-" + topic + ".hlog"),
            org.streambench.api.EpochMicros.now(),
            Duration.ofSeconds(10),
            threads);
    collector.setSteadyWindow(0, Long.MAX_VALUE);
    identity.expect(records);
    Thread t = new Thread(collector, "collector");
    t.setDaemon(true);
    t.start();
    CollectorReport report = collector.awaitReport(Duration.ofMinutes(5));
    if (report == null || report.received() < records) {
      collector.stop();
      throw new IOException("the collector did not read all " + records + " records");
    }
    return report;
  }

  private CalibrationResult.PacingResult measurePacing(long rate, Duration duration)
      throws Exception {
    progress.accept(String.format("pacing at %,d records/s for %ds", rate, duration.toSeconds()));
    GeneratorReport r =
        new Generator(
                kafka.bootstrapServers(), List.of(topic("pace-" + rate)), Workloads.identity(0))
            .runPaced(rate, PACING_WARMUP, duration, start -> {});
    double achieved = r.meanRate(PACING_WARMUP, duration);
    double seconds = (r.endMicros() - r.startMicros()) / 1e6;
    double cores = (r.threadCpuSeconds() + r.networkThreadCpuSeconds()) / seconds;
    return new CalibrationResult.PacingResult(
        rate,
        achieved,
        achieved / rate,
        r.latenessP50Micros(),
        r.latenessP99Micros(),
        r.steadyMaxLagMicros(),
        cores,
        r.networkThreadCpuSeconds() / seconds,
        cores * 100_000 / rate);
  }

  private String topic(String name) throws Exception {
    return topic(name, PARTITIONS);
  }

  private String topic(String name, int partitions) throws Exception {
    String topic = "sb-calibrate-" + dir.getFileName() + "-" + name;
    kafka.createTopics(List.of(topic), partitions);
    topics.add(topic);
    return topic;
  }

  private void deleteTopics() {
    try {
      kafka.deleteTopics(topics);
    } catch (Exception e) {
      progress.accept("could not delete calibration topics: " + e.getMessage());
    }
  }
}
