package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where one run lives: its id ({@code <UTC time>-<engine>-<random>}, a version's {@code @} a dash),
 * its directory under the data directory, and its Kafka topics ({@code sb-<id>-in}, the workload's
 * input topics named from it, and {@code sb-<id>-out}).
 */
record RunLayout(
    String runId, Path runDir, String inputTopic, String outputTopic, List<String> inputTopics) {

  /** Creates the run's directory; the workload names its input topics from the input topic. */
  static RunLayout create(Path dataDir, String engine, Instant started, RunRequest request)
      throws IOException {
    String time =
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
    String suffix = HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    // a Kafka topic's name takes no '@': flink@1.20's runs are 20261206-181500-flink-1.20-4f2a
    String runId = time + "-" + engine.replace('@', '-') + "-" + suffix;
    Path runDir = Files.createDirectories(dataDir.resolve(runId));
    String input = "sb-" + runId + "-in";
    return new RunLayout(
        runId,
        runDir,
        input,
        "sb-" + runId + "-out",
        request.workloadDefinition().inputTopics(input, request.workloadParams()));
  }

  List<String> allTopics() {
    List<String> all = new ArrayList<>(inputTopics);
    all.add(outputTopic);
    return all;
  }

  /** The job spec the engine is started with. */
  Path specFile() {
    return file("spec.properties");
  }

  Path file(String name) {
    return runDir.resolve(name);
  }
}
