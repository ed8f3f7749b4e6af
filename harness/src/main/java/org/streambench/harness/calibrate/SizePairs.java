package org.streambench.harness.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.streambench.harness.results.CalibrationResult;

/**
 * The pairs measured at one record size (the generator and ProducerPerformance, the collector and
 * ConsumerPerformance, each pair back to back) and their summary: rates, CPU and allocation as
 * medians, each ratio the median of the pairs' own ratios, so that a slow drift of the machine
 * widens the ratios' spread instead of biasing one side.
 */
final class SizePairs {
  /** One repetition: the driver's probes and the Kafka tools' rates beside them. */
  record Pair(
      DriverProbe.Result generator,
      double producerPerf,
      DriverProbe.Result collector,
      double consumerPerf) {}

  private final List<Pair> pairs = new ArrayList<>();

  void add(Pair pair) {
    pairs.add(pair);
  }

  CalibrationResult.SizeResult result(int recordBytes, long records) {
    if (pairs.isEmpty()) {
      throw new IllegalStateException("no pair measured at " + recordBytes + " bytes");
    }
    return new CalibrationResult.SizeResult(
        recordBytes,
        records,
        median(p -> p.generator().rate()),
        median(Pair::producerPerf),
        median(p -> p.generator().rate() / p.producerPerf()),
        median(p -> p.generator().cpuMicrosPerRecord()),
        median(p -> p.generator().allocatedBytesPerRecord()),
        median(p -> p.collector().rate()),
        median(Pair::consumerPerf),
        median(p -> p.collector().rate() / p.consumerPerf()),
        median(p -> p.collector().cpuMicrosPerRecord()),
        median(p -> p.collector().allocatedBytesPerRecord()));
  }

  private double median(ToDoubleFunction<Pair> figure) {
    return CalibrationResult.Spread.of(pairs.stream().map(p -> figure.applyAsDouble(p)).toList())
        .median();
  }
}
