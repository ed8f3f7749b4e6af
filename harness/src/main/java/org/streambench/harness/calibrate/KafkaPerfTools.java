package org.streambench.harness.calibrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.Home;
import org.streambench.harness.process.ChildProcess;

/**
 * Kafka's own {@code ProducerPerformance} and {@code ConsumerPerformance}, each run as its own JVM
 * from the broker jar: the yardsticks the generator and the collector are measured against. The
 * driver's side runs as {@link DriverProbe} processes started here alike (same heap options, a
 * fresh JVM each).
 */
final class KafkaPerfTools {
  private static final Duration TIMEOUT = Duration.ofMinutes(5);
  private static final List<String> JVM_OPTIONS = List.of("-Xms512m", "-Xmx1g");
  private static final Pattern PRODUCER_RATE =
      Pattern.compile("records sent, ([0-9.]+) records/sec");

  private final Home home;
  private final String bootstrapServers;
  private final Path logDir;
  private final String tag;
  private final List<String> launcher;

  /**
   * @param launcher what the tools and the driver's probes start under (the driver's CPUs), empty
   *     for none
   */
  KafkaPerfTools(
      Home home, String bootstrapServers, Path logDir, String tag, List<String> launcher) {
    this.home = home;
    this.bootstrapServers = bootstrapServers;
    this.logDir = logDir;
    this.tag = tag;
    this.launcher = List.copyOf(launcher);
  }

  /**
   * Steady-state records/s of ProducerPerformance sending {@code records} records of {@code size}
   * bytes unthrottled after {@code warmup} records it leaves out of its figures.
   */
  double producerRate(
      String topic, long warmup, long records, int size, Map<String, String> producerSettings)
      throws IOException, InterruptedException {
    return producerRates(topic, 1, warmup, records, size, producerSettings);
  }

  /**
   * Summed steady-state records/s of {@code processes} ProducerPerformance processes run at once,
   * each sending its share of {@code warmup + records}.
   */
  double producerRates(
      String topic,
      int processes,
      long warmup,
      long records,
      int size,
      Map<String, String> producerSettings)
      throws IOException, InterruptedException {
    List<ChildProcess> started = new ArrayList<>();
    for (int i = 0; i < processes; i++) {
      started.add(
          start(
              "ProducerPerformance",
              producerArgs(topic, warmup / processes, records / processes, size, producerSettings),
              "producer-perf-" + size + "-" + processes + "x-" + i + ".log"));
    }
    return sumOf(started, KafkaPerfTools::producerSummary);
  }

  private List<String> producerArgs(
      String topic, long warmup, long records, int size, Map<String, String> producerSettings) {
    List<String> args = baseArgs(topic, warmup + records);
    args.addAll(
        List.of(
            "--warmup-records",
            Long.toString(warmup),
            "--record-size",
            Integer.toString(size),
            "--throughput",
            "-1",
            "--command-property"));
    producerSettings.forEach((k, v) -> args.add(k + "=" + v));
    return args;
  }

  private interface Summary {
    double rate(String out) throws IOException;
  }

  /** Waits for every process and sums their rates; if one fails, the others are stopped. */
  private static double sumOf(List<ChildProcess> started, Summary summary)
      throws IOException, InterruptedException {
    double sum = 0;
    try {
      for (ChildProcess p : started) {
        sum += summary.rate(await(p));
      }
      return sum;
    } finally {
      started.stream().filter(ChildProcess::isAlive).forEach(p -> p.stop(5_000));
    }
  }

  private static double producerSummary(String out) throws IOException {
    String last = null;
    Matcher m = PRODUCER_RATE.matcher(out);
    while (m.find()) {
      last = m.group(1); // the steady-state summary comes last
    }
    if (last == null) {
      throw new IOException("ProducerPerformance printed no summary:\n" + tail(out));
    }
    return Double.parseDouble(last);
  }

  /**
   * Records/s of ConsumerPerformance reading {@code records} from the start of {@code topic}, from
   * its first fetch to its last ({@code fetch.nMsg.sec}, which leaves out the group join).
   */
  double consumerRate(String topic, long records, Map<String, String> consumerSettings)
      throws IOException, InterruptedException {
    return consumerRates(topic, 1, records, consumerSettings);
  }

  /**
   * Summed records/s of {@code processes} ConsumerPerformance processes, each reading {@code
   * records / processes} records from the start of the topic in a group of its own. Sharing one
   * group would split the partitions, but its rebalance can hand a partition over after another
   * member has read and committed part of it; the new owner then never reaches its count and waits
   * for its timeout (seen: one of four processes at 11,000 records/s after 60 s).
   */
  double consumerRates(
      String topic, int processes, long records, Map<String, String> consumerSettings)
      throws IOException, InterruptedException {
    List<ChildProcess> started = new ArrayList<>();
    for (int i = 0; i < processes; i++) {
      String group = "calibrate-" + topic + "-" + processes + "x-" + i + "-" + System.nanoTime();
      List<String> args = baseArgs(topic, records / processes);
      args.addAll(List.of("--group", group, "--timeout", "60000"));
      consumerSettings.forEach(
          (k, v) -> {
            args.add("--command-property");
            args.add(k + "=" + v);
          });
      started.add(
          start(
              "ConsumerPerformance",
              args,
              "consumer-perf-" + topic + "-" + processes + "x-" + i + ".log"));
    }
    return sumOf(started, KafkaPerfTools::consumerSummary);
  }

  private static double consumerSummary(String out) throws IOException {
    if (out.contains("Exiting before consuming the expected number of records")) {
      throw new IOException(
          "ConsumerPerformance timed out before it read its records:\n" + tail(out));
    }
    List<String> lines = out.lines().filter(l -> !l.startsWith("#") && l.contains(",")).toList();
    for (int i = 0; i + 1 < lines.size(); i++) {
      List<String> header = Arrays.stream(lines.get(i).split(",")).map(String::trim).toList();
      int column = header.indexOf("fetch.nMsg.sec");
      if (column >= 0) {
        return Double.parseDouble(lines.get(i + 1).split(",")[column].trim());
      }
    }
    throw new IOException("ConsumerPerformance printed no summary:\n" + tail(out));
  }

  /** The arguments both tools take alike. */
  private List<String> baseArgs(String topic, long records) {
    return new ArrayList<>(
        List.of(
            "--bootstrap-server",
            bootstrapServers,
            "--topic",
            topic,
            "--num-records",
            Long.toString(records)));
  }

  /** Runs one {@link DriverProbe} with {@code args} and returns what it measured. */
  DriverProbe.Result probe(List<String> args, String logName)
      throws IOException, InterruptedException {
    ChildProcess p =
        ChildProcess.startJava(
            "DriverProbe",
            tag,
            Path.of(System.getProperty("java.class.path")),
            DriverProbe.class.getName(),
            JVM_OPTIONS,
            args,
            Map.of(),
            logDir.resolve(logName),
            launcher);
    try {
      return DriverProbe.Result.parse(await(p));
    } finally {
      if (p.isAlive()) {
        p.stop(5_000);
      }
    }
  }

  private ChildProcess start(String tool, List<String> args, String logName) throws IOException {
    Path log = logDir.resolve(logName);
    return ChildProcess.startJava(
        tool,
        tag,
        home.brokerJar(),
        "org.apache.kafka.tools." + tool,
        JVM_OPTIONS,
        args,
        Map.of(),
        log,
        launcher);
  }

  private static String await(ChildProcess p) throws IOException, InterruptedException {
    if (!p.waitFor(TIMEOUT)) {
      p.stop(5_000);
      throw new IOException(p.role() + " did not finish within " + TIMEOUT.toMinutes() + " min");
    }
    String out = Files.readString(p.log());
    if (p.exitCode() != 0) {
      throw new IOException(p.role() + " exited with code " + p.exitCode() + ":\n" + tail(out));
    }
    return out;
  }

  private static String tail(String text) {
    List<String> lines = text.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
  }
}
