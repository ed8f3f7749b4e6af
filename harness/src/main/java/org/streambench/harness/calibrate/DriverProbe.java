package org.streambench.harness.calibrate;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.workload.TopicReadBack;
import org.streambench.harness.workload.Workloads;

/**
 * The generator or the collector alone in a JVM of its own, started the way calibrate starts
 * Kafka's ProducerPerformance and ConsumerPerformance (same heap, a fresh JIT, the same records),
 * so that the two sides of a comparison differ only in the client code they run. Prints one line:
 * {@code probe rate=<records/s> cpu=<µs per record> alloc=<bytes per record>}.
 *
 * <pre>
 * DriverProbe produce BOOTSTRAP TOPIC THREADS SIZE WARMUP RECORDS
 * DriverProbe consume BOOTSTRAP TOPIC THREADS RECORDS LOG_DIR
 * </pre>
 */
public final class DriverProbe {
  private static final Pattern LINE =
      Pattern.compile("probe rate=([0-9.]+) cpu=([0-9.]+) alloc=([0-9.]+)");

  /**
   * What one probe measured.
   *
   * @param rate records/s
   * @param cpuMicrosPerRecord CPU of the driver's threads per record (the generator's include its
   *     producers' network threads)
   * @param allocatedBytesPerRecord heap the driver's threads allocated per record
   */
  record Result(double rate, double cpuMicrosPerRecord, double allocatedBytesPerRecord) {
    String line() {
      return String.format(
          java.util.Locale.ROOT,
          "probe rate=%.1f cpu=%.4f alloc=%.1f",
          rate,
          cpuMicrosPerRecord,
          allocatedBytesPerRecord);
    }

    static Result parse(String out) throws IOException {
      Matcher m = LINE.matcher(out);
      if (!m.find()) {
        throw new IOException("the driver probe printed no result");
      }
      return new Result(
          Double.parseDouble(m.group(1)),
          Double.parseDouble(m.group(2)),
          Double.parseDouble(m.group(3)));
    }
  }

  private DriverProbe() {}

  public static void main(String[] args) throws Exception {
    Result r =
        switch (args[0]) {
          case "produce" ->
              produce(
                  args[1],
                  args[2],
                  Integer.parseInt(args[3]),
                  Integer.parseInt(args[4]),
                  Long.parseLong(args[5]),
                  Long.parseLong(args[6]));
          case "consume" ->
              consume(
                  args[1],
                  args[2],
                  Integer.parseInt(args[3]),
                  Long.parseLong(args[4]),
                  Path.of(args[5]));
          default -> throw new IllegalArgumentException("unknown probe " + args[0]);
        };
    System.out.println(r.line());
    System.exit(0); // the Kafka clients' daemon threads are not waited for
  }

  /** The generator unpaced: {@code warmup} records left out, then {@code records} measured. */
  static Result produce(
      String bootstrap, String topic, int threads, int size, long warmup, long records)
      throws Exception {
    new Generator(bootstrap, List.of(topic), Workloads.identity(size), threads).runUnpaced(warmup);
    GeneratorReport gen =
        new Generator(bootstrap, List.of(topic), Workloads.identity(size), threads)
            .runUnpaced(records);
    return new Result(
        gen.achievedRate(),
        (gen.threadCpuSeconds() + gen.networkThreadCpuSeconds()) * 1e6 / records,
        gen.allocatedBytesPerRecord());
  }

  /**
   * The collector reading {@code records} engine-like output records from the start of {@code
   * topic}: parsing, latency and verification, from its first record to its last.
   */
  static Result consume(String bootstrap, String topic, int threads, long records, Path logDir)
      throws Exception {
    Path log = logDir.resolve("collector-" + topic + "-" + threads + "x.hlog");
    CollectorReport report =
        TopicReadBack.read(bootstrap, topic, threads, records, log, Duration.ofMinutes(5));
    double seconds =
        Math.max(1e-3, (report.lastReceiveMicros() - report.firstReceiveMicros()) / 1e6);
    return new Result(
        report.received() / seconds,
        report.threadCpuSeconds() * 1e6 / report.received(),
        report.allocatedBytesPerRecord());
  }
}
