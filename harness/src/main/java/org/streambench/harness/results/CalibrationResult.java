package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import java.util.Map;

/**
 * What {@code streambench calibrate} measured; written as {@code calibration.json} and stored in
 * the {@code calibrations} table.
 *
 * @param formatVersion 3 (2: the driver measured inside calibrate's JVM, one ratio of medians per
 *     thread count; 1: no thread scaling)
 * @param calibrationId {@code <UTC yyyyMMdd-HHmmss>-calibrate-<4 hex>}
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant
 * @param kafka which Kafka was measured
 * @param sizes driver versus Kafka's own tools, per record size
 * @param pacing pacing accuracy per target rate
 * @param scaling the driver at several thread counts against as many Kafka tool processes
 * @param producerSettings the settings both producers used
 * @param consumerSettings the settings both consumers used
 * @param provenance tool, host, JVM and CPU placement (since 2026-11-27)
 */
public record CalibrationResult(
    int formatVersion,
    String calibrationId,
    String startedAt,
    String finishedAt,
    String kafka,
    List<SizeResult> sizes,
    List<PacingResult> pacing,
    List<ScalingResult> scaling,
    Map<String, String> producerSettings,
    Map<String, String> consumerSettings,
    Map<String, Object> provenance) {

  /**
   * Generator and collector against ProducerPerformance and ConsumerPerformance at one size, each
   * pair measured back to back, repeated in alternating order: every figure is the median of the
   * repetitions, every ratio the median of the pairs' ratios (one pair in results stored before
   * 2026-11-27).
   *
   * @param recordBytes bytes per record
   * @param records records each side sent or read
   * @param generatorRate records/s of the generator, unthrottled
   * @param producerPerfRate records/s of ProducerPerformance, same settings
   * @param generatorRatio generator / ProducerPerformance, median of the pairs
   * @param generatorCpuMicrosPerRecord CPU of the generator thread and its producer's network
   *     thread per record
   * @param generatorAllocatedBytesPerRecord heap the generator thread allocated per record
   * @param collectorRate records/s the collector read, recording latency and verifying
   * @param consumerPerfRate records/s of ConsumerPerformance ({@code fetch.nMsg.sec})
   * @param collectorRatio collector / ConsumerPerformance, median of the pairs
   * @param collectorCpuMicrosPerRecord CPU of the collector thread per record
   * @param collectorAllocatedBytesPerRecord heap the collector thread allocated per record
   */
  public record SizeResult(
      int recordBytes,
      long records,
      double generatorRate,
      double producerPerfRate,
      double generatorRatio,
      double generatorCpuMicrosPerRecord,
      double generatorAllocatedBytesPerRecord,
      double collectorRate,
      double consumerPerfRate,
      double collectorRatio,
      double collectorCpuMicrosPerRecord,
      double collectorAllocatedBytesPerRecord) {}

  /**
   * The paced generator at one target rate.
   *
   * @param targetRate records/s asked for
   * @param achievedRate records/s sent in the measured seconds (after a 1 s warm-up)
   * @param achievedRatio achievedRate / targetRate
   * @param latenessP50Micros median of actual − intended send time
   * @param latenessP99Micros 99th percentile of the same
   * @param maxLagMicros the furthest behind schedule it fell after the warm-up
   * @param generatorCores CPU cores of the generator thread and its producer's network thread in
   *     the measured seconds (the warm-up and the last 0.2 s left out: the threads end with the
   *     generator)
   * @param networkThreadCores the network thread's part of generatorCores
   * @param coresPer100kRecords generatorCores scaled to 100,000 records/s
   */
  public record PacingResult(
      long targetRate,
      double achievedRate,
      double achievedRatio,
      long latenessP50Micros,
      long latenessP99Micros,
      long maxLagMicros,
      double generatorCores,
      double networkThreadCores,
      double coresPer100kRecords) {}

  /**
   * Median and range of repeated measurements.
   *
   * @param median the middle value (mean of the two middle ones for an even count)
   * @param min the smallest
   * @param max the largest
   */
  public record Spread(double median, double min, double max) {
    /** One value as a spread of one: how format 2 stored a ratio. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Spread ofOne(double value) {
      return new Spread(value, value, value);
    }

    public static Spread of(List<Double> values) {
      List<Double> sorted = values.stream().sorted().toList();
      return new Spread(medianOfSorted(sorted), sorted.get(0), sorted.get(sorted.size() - 1));
    }

    /** The median of sorted values, the mean of the middle two for an even count. */
    public static double medianOfSorted(List<Double> sorted) {
      int n = sorted.size();
      return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
  }

  /**
   * The driver with {@code threads} threads against {@code threads} concurrent ProducerPerformance
   * and ConsumerPerformance processes: same records, record size, client settings and JVM options,
   * each side a fresh JVM (the producers warmed alike), measured {@code repetitions} times in pairs
   * run back to back in alternating order.
   *
   * @param threads generator/collector threads, and Kafka tool processes
   * @param recordBytes bytes per record
   * @param records records each side sent or read per repetition (after a third as many warm-up)
   * @param repetitions measurements per side
   * @param generator records/s of the generator
   * @param producerPerf summed records/s of the ProducerPerformance processes
   * @param generatorRatio generator / ProducerPerformance of each pair
   * @param collector records/s of the collector, recording latency and verifying
   * @param consumerPerf summed records/s ({@code fetch.nMsg.sec}) of the ConsumerPerformance
   *     processes
   * @param collectorRatio collector / ConsumerPerformance of each pair
   */
  public record ScalingResult(
      int threads,
      int recordBytes,
      long records,
      int repetitions,
      Spread generator,
      Spread producerPerf,
      Spread generatorRatio,
      Spread collector,
      Spread consumerPerf,
      Spread collectorRatio) {}
}
