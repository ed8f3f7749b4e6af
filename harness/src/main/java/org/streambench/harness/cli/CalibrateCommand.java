package org.streambench.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.calibrate.Calibration;
import org.streambench.harness.calibrate.CalibrationTable;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.run.Provenance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench calibrate}: is the driver close to what Kafka's clients can do here? */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = {
      "Measures the driver on this machine and Kafka: the generator's maximum rate against Kafka's"
          + " ProducerPerformance and the collector's against ConsumerPerformance (same client"
          + " settings, back to back) at each record size, then the paced generator's accuracy"
          + " and CPU at each target rate. Prints a table and stores it (see: streambench show ID)."
    })
final class CalibrateCommand implements Callable<Integer> {
  @Option(
      names = "--sizes",
      split = ",",
      defaultValue = "24,150,1024",
      description = "Record sizes in bytes (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(
      names = "--records",
      defaultValue = "3000000",
      description =
          "Records per measurement at the smallest size; larger sizes send proportionally fewer"
              + " (default: ${DEFAULT-VALUE}).")
  long records;

  @Option(
      names = "--rates",
      split = ",",
      defaultValue = "1000,10000,100000,1000000",
      description = "Target rates of the pacing measurement (default: ${DEFAULT-VALUE}).")
  List<Long> rates;

  @Option(
      names = "--pacing-duration",
      defaultValue = "5s",
      description = "How long each pacing rate is measured (default: ${DEFAULT-VALUE}).")
  Duration pacingDuration;

  @Option(
      names = "--threads",
      split = ",",
      defaultValue = "1,2,4",
      description =
          "Thread counts of the scaling measurement: the generator and collector with N threads"
              + " against N concurrent ProducerPerformance/ConsumerPerformance processes"
              + " (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(
      names = "--repetitions",
      defaultValue = "3",
      description =
          "Measurements per side, record size and thread count, each pair back to back in"
              + " alternating order; the tables show medians (default:"
              + " ${DEFAULT-VALUE}).")
  int repetitions;

  @Mixin CpuOptions cpus;
  @Mixin KafkaOptions kafka;
  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    if (sizes.stream().anyMatch(s -> s < 24 || s > 1_000_000)) {
      throw new UsageException("--sizes must be between 24 and 1000000 bytes");
    }
    if (records < 1000 || rates.stream().anyMatch(r -> r <= 0) || pacingDuration.toSeconds() < 1) {
      throw new UsageException(
          "--records must be at least 1000, --rates positive, --pacing-duration at least 1s");
    }
    if (threads.stream().anyMatch(t -> t < 1 || t > 64) || repetitions < 1) {
      throw new UsageException("--threads must be between 1 and 64, --repetitions positive");
    }
    Home home = data.home();
    Home.requireFile(home.brokerJar(), "the broker jar");
    Instant started = Instant.now();
    String id =
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started)
            + "-calibrate-"
            + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    Path dir = home.dataDir().resolve(id);
    Progress progress = new Progress();
    CalibrationResult result;
    CpuPlacement placement = cpus.placement();
    // the broker on its CPUs; the tools, the driver's probes and the paced probe on the driver's
    CpuPlacement.Pin pin = placement.pinDriver();
    try (KafkaCluster cluster = kafka.open(home, progress, placement)) {
      Files.createDirectories(dir);
      Map<String, Object> provenance = new LinkedHashMap<>();
      provenance.put("tool", Provenance.tool(home));
      provenance.put("host", Provenance.host());
      provenance.put("harnessJvm", Provenance.harnessJvm());
      provenance.put("cpuPlacement", placement.describe());
      result =
          new Calibration(home, cluster, dir, id, progress, placement.launcher("driver"))
              .run(
                  id,
                  new Calibration.Plan(sizes, records, rates, pacingDuration, threads, repetitions),
                  provenance);
    } finally {
      pin.close();
    }
    ResultJson.write(result, dir.resolve("calibration.json"));
    try (ResultStore store = data.open(home)) {
      store.saveCalibration(result);
    }
    System.out.println();
    CalibrationTable.print(result, System.out);
    System.out.println();
    System.out.println("Stored as " + id + " in " + data.describe(home) + "; files in " + dir);
    return 0;
  }
}
