package org.streambench.harness.calibrate;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.results.CalibrationResult;

/**
 * Measures the driver against what Kafka's clients can do on this machine: the generator against
 * ProducerPerformance and the collector against ConsumerPerformance at each record size (same
 * client settings, back to back), then the paced generator's accuracy at each target rate.
 */
public final class Calibration {
  /** Bytes the engine's two stamps add to an output record (",<16 digits>" twice). */
  private static final int STAMP_BYTES = 34;

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
   * @param repetitions measurements per side, record size and thread count
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

  /**
   * @param driverLauncher what Kafka's tools and the driver's probe processes start under: the
   *     driver's CPUs ({@link org.streambench.harness.process.CpuPlacement#launcher}), empty for
   *     none
   */
  public Calibration(
      Home home,
      KafkaCluster kafka,
      Path dir,
      String id,
      Consumer<String> progress,
      List<String> driverLauncher) {
    this.kafka = kafka;
    this.tools = new KafkaPerfTools(home, kafka.bootstrapServers(), dir, id, driverLauncher);
    this.dir = dir;
    this.progress = progress;
  }

  public CalibrationResult run(String id, Plan plan, Map<String, Object> provenance)
      throws Exception {
    String startedAt = Instant.now().toString();
    List<CalibrationResult.SizeResult> sizes = new ArrayList<>();
    for (int size : plan.sizes()) {
      sizes.add(measureSize(size, plan.recordsFor(size), plan.repetitions()));
    }
    List<CalibrationResult.PacingResult> pacing = new ArrayList<>();
    for (long rate : plan.rates()) {
      progress.accept(
          String.format(
              "pacing at %,d records/s for %ds", rate, plan.pacingDuration().toSeconds()));
      pacing.add(PacingProbe.measure(kafka, topic("pace-" + rate), rate, plan.pacingDuration()));
    }
    List<CalibrationResult.ScalingResult> scaling = new ArrayList<>();
    int smallest = plan.sizes().stream().mapToInt(Integer::intValue).min().orElse(100);
    for (int threads : plan.threads()) {
      scaling.add(measureThreads(threads, smallest, plan.records(), plan.repetitions()));
    }
    deleteTopics();
    return new CalibrationResult(
        3,
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

  /**
   * The generator against ProducerPerformance and the collector against ConsumerPerformance at one
   * size, {@code repetitions} pairs each, both sides of a pair back to back in alternating order:
   * rates, CPU and allocation are the medians, each ratio the median of the pairs' ratios.
   */
  private CalibrationResult.SizeResult measureSize(int size, long records, int repetitions)
      throws Exception {
    long warmup = records / 3;
    SizePairs pairs = new SizePairs();
    for (int rep = 1; rep <= repetitions; rep++) {
      boolean driverFirst = rep % 2 == 1;
      String label = String.format("%d-byte records, pair %d/%d", size, rep, repetitions);
      progress.accept(
          String.format(
              "%s: generator and ProducerPerformance, %,d warm-up + %,d measured records",
              label, warmup, records));
      String genTopic = topic("gen-" + size + "-" + rep);
      String ppTopic = topic("pp-" + size + "-" + rep);
      DriverProbe.Result[] gen = new DriverProbe.Result[1];
      double[] produced =
          pair(
              driverFirst,
              () -> (gen[0] = produce(genTopic, 1, size, warmup, records)).rate(),
              () ->
                  tools.producerRate(ppTopic, warmup, records, size, Generator.PRODUCER_SETTINGS));
      // a topic per pair, so that each pair's logs (named after the topic) are kept
      String output = topic("out-" + size + "-" + rep);
      progress.accept(label + ": pre-filling engine-like output");
      Generator.ofEngineOutput(kafka.bootstrapServers(), output, Math.max(0, size - STAMP_BYTES))
          .runUnpaced(records);
      progress.accept(label + ": collector and ConsumerPerformance");
      DriverProbe.Result[] col = new DriverProbe.Result[1];
      double[] consumed =
          pair(
              driverFirst,
              () -> (col[0] = consume(output, 1, records)).rate(),
              () -> tools.consumerRate(output, records, Collector.CONSUMER_SETTINGS));
      pairs.add(new SizePairs.Pair(gen[0], produced[1], col[0], consumed[1]));
    }
    return pairs.result(size, records);
  }

  /**
   * The generator and collector with {@code threads} threads against as many Kafka tool processes,
   * on topics with as many partitions as the largest thread count could own, repeated. Each
   * repetition measures both sides back to back, in alternating order, and yields one ratio: slow
   * drift of the machine then shows in the ratios' spread instead of biasing one side.
   */
  private CalibrationResult.ScalingResult measureThreads(
      int threads, int size, long recordsAsked, int repetitions) throws Exception {
    // every thread and process owns as many partitions, and reads as many records
    int partitions = threads * Math.max(1, SCALING_PARTITIONS / threads);
    long records = recordsAsked - recordsAsked % partitions;
    long warmup = records / 3;
    List<Double> gen = new ArrayList<>();
    List<Double> pp = new ArrayList<>();
    List<Double> genRatios = new ArrayList<>();
    List<Double> col = new ArrayList<>();
    List<Double> cp = new ArrayList<>();
    List<Double> colRatios = new ArrayList<>();
    for (int rep = 1; rep <= repetitions; rep++) {
      boolean driverFirst = rep % 2 == 1;
      String label = String.format("%d thread(s), repetition %d/%d", threads, rep, repetitions);
      progress.accept(label + ": generator and " + threads + " ProducerPerformance");
      String suffix = threads + "-" + rep;
      String genTopic = topic("scale-gen-" + suffix, partitions);
      String ppTopic = topic("scale-pp-" + suffix, partitions);
      double[] produced =
          pair(
              driverFirst,
              () -> produce(genTopic, threads, size, warmup, records).rate(),
              () ->
                  tools.producerRates(
                      ppTopic, threads, warmup, records, size, Generator.PRODUCER_SETTINGS));
      gen.add(produced[0]);
      pp.add(produced[1]);
      genRatios.add(produced[0] / produced[1]);
      progress.accept(label + ": collector and " + threads + " ConsumerPerformance");
      String output = topic("scale-out-" + suffix, partitions);
      Generator.ofEngineOutput(kafka.bootstrapServers(), output, Math.max(0, size - STAMP_BYTES))
          .runUnpaced(records);
      double[] consumed =
          pair(
              driverFirst,
              () -> consume(output, threads, records).rate(),
              () -> tools.consumerRates(output, threads, records, Collector.CONSUMER_SETTINGS));
      col.add(consumed[0]);
      cp.add(consumed[1]);
      colRatios.add(consumed[0] / consumed[1]);
    }
    return new CalibrationResult.ScalingResult(
        threads,
        size,
        records,
        repetitions,
        CalibrationResult.Spread.of(gen),
        CalibrationResult.Spread.of(pp),
        CalibrationResult.Spread.of(genRatios),
        CalibrationResult.Spread.of(col),
        CalibrationResult.Spread.of(cp),
        CalibrationResult.Spread.of(colRatios));
  }

  /** One rate measurement, of the driver's side or of a Kafka tool's. */
  private interface Rate {
    double measure() throws Exception;
  }

  /** Measures both sides back to back, the driver first if asked: {driver's rate, tool's rate}. */
  private static double[] pair(boolean driverFirst, Rate driver, Rate tool) throws Exception {
    if (driverFirst) {
      double d = driver.measure();
      return new double[] {d, tool.measure()};
    }
    double t = tool.measure();
    return new double[] {driver.measure(), t};
  }

  private DriverProbe.Result produce(String topic, int threads, int size, long warmup, long records)
      throws Exception {
    return tools.probe(
        List.of(
            "produce",
            kafka.bootstrapServers(),
            topic,
            Integer.toString(threads),
            Integer.toString(size),
            Long.toString(warmup),
            Long.toString(records)),
        "probe-" + topic + ".log");
  }

  private DriverProbe.Result consume(String topic, int threads, long records) throws Exception {
    return tools.probe(
        List.of(
            "consume",
            kafka.bootstrapServers(),
            topic,
            Integer.toString(threads),
            Long.toString(records),
            dir.toString()),
        "probe-" + topic + ".log");
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
