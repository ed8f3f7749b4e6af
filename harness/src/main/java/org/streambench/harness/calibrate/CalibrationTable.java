package org.streambench.harness.calibrate;

import java.io.PrintStream;
import org.streambench.harness.results.CalibrationResult;

/** Prints a calibration: driver versus Kafka's tools per size, then pacing per rate. */
public final class CalibrationTable {
  private CalibrationTable() {}

  public static void print(CalibrationResult r, PrintStream out) {
    Object cpus = r.provenance() == null ? null : r.provenance().get("cpuPlacement");
    out.println(
        "Driver versus Kafka's own tools ("
            + r.kafka()
            + (cpus == null ? "" : "; CPU placement " + cpus)
            + "):");
    String f = "%7s %10s %13s %13s %6s %11s %10s %13s %13s %6s %11s %10s%n";
    out.printf(
        f,
        "bytes",
        "records",
        "generator/s",
        "ProducerPerf",
        "ratio",
        "gen us/rec",
        "gen B/rec",
        "collector/s",
        "ConsumerPerf",
        "ratio",
        "col us/rec",
        "col B/rec");
    for (CalibrationResult.SizeResult s : r.sizes()) {
      out.printf(
          f,
          s.recordBytes(),
          String.format("%,d", s.records()),
          String.format("%,.0f", s.generatorRate()),
          String.format("%,.0f", s.producerPerfRate()),
          String.format("%.2f", s.generatorRatio()),
          String.format("%.2f", s.generatorCpuMicrosPerRecord()),
          String.format("%.0f", s.generatorAllocatedBytesPerRecord()),
          String.format("%,.0f", s.collectorRate()),
          String.format("%,.0f", s.consumerPerfRate()),
          String.format("%.2f", s.collectorRatio()),
          String.format("%.2f", s.collectorCpuMicrosPerRecord()),
          String.format("%.0f", s.collectorAllocatedBytesPerRecord()));
    }
    out.println();
    out.println("Pacing accuracy (identity records, 1 s warm-up excluded):");
    String g = "%12s %14s %9s %14s %14s %13s %10s %12s %14s%n";
    out.printf(
        g,
        "target/s",
        "achieved/s",
        "ratio",
        "late p50 us",
        "late p99 us",
        "max lag us",
        "gen cores",
        "of which io",
        "cores/100k/s");
    for (CalibrationResult.PacingResult p : r.pacing()) {
      out.printf(
          g,
          String.format("%,d", p.targetRate()),
          String.format("%,.0f", p.achievedRate()),
          String.format("%.4f", p.achievedRatio()),
          String.format("%,d", p.latenessP50Micros()),
          String.format("%,d", p.latenessP99Micros()),
          String.format("%,d", p.maxLagMicros()),
          String.format("%.3f", p.generatorCores()),
          String.format("%.3f", p.networkThreadCores()),
          String.format("%.3f", p.coresPer100kRecords()));
    }
    printScaling(r, out);
    out.println();
    out.println(
        "Per size: medians of the repetitions, each ratio the median of the pairs' ratios (each"
            + " pair back to back, in alternating order). us/rec: CPU microseconds per record"
            + " (generator: its thread + its producer's network thread); B/rec: heap bytes"
            + " allocated per record by the generator/collector thread; 'of which io': the"
            + " producer's network thread.");
  }

  private static void printScaling(CalibrationResult r, PrintStream out) {
    if (r.scaling() == null || r.scaling().isEmpty()) {
      return;
    }
    out.println();
    out.printf(
        "Thread scaling (%d-byte records, median [min-max] of %d repetitions; N threads against N"
            + " concurrent tool processes):%n",
        r.scaling().get(0).recordBytes(), r.scaling().get(0).repetitions());
    String f = "%8s %28s %28s %17s %28s %28s %17s%n";
    out.printf(
        f,
        "threads",
        "generator/s",
        "ProducerPerf/s",
        "ratio",
        "collector/s",
        "ConsumerPerf/s",
        "ratio");
    for (CalibrationResult.ScalingResult s : r.scaling()) {
      out.printf(
          f,
          s.threads(),
          spread(s.generator()),
          spread(s.producerPerf()),
          ratio(s.generatorRatio()),
          spread(s.collector()),
          spread(s.consumerPerf()),
          ratio(s.collectorRatio()));
    }
  }

  private static String ratio(CalibrationResult.Spread s) {
    return String.format("%.2f [%.2f-%.2f]", s.median(), s.min(), s.max());
  }

  private static String spread(CalibrationResult.Spread s) {
    return String.format("%,.0f [%,.0f-%,.0f]", s.median(), s.min(), s.max());
  }
}
