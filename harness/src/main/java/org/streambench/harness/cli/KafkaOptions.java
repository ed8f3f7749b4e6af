package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.Home;
import org.streambench.harness.KeyValues;
import org.streambench.harness.kafka.EmbeddedBroker;
import org.streambench.harness.kafka.KafkaCluster;
import picocli.CommandLine.Option;

/** Which Kafka to run on: the embedded broker (default) or {@code --kafka host:port}. */
final class KafkaOptions {
  @Option(
      names = "--kafka",
      paramLabel = "HOST:PORT",
      description = "Use this external Kafka instead of starting an embedded broker.")
  String external;

  @Option(
      names = "--broker-port",
      defaultValue = "0",
      description = "Client port of the embedded broker on 127.0.0.1 (default: a free port).")
  int brokerPort;

  @Option(
      names = "--broker-set",
      paramLabel = "KEY=VALUE",
      description =
          "Override one setting of the embedded broker (see"
              + " harness/src/main/resources/embedded-broker.properties).")
  List<String> brokerSets = new ArrayList<>();

  /** Starts or connects to Kafka; the caller closes it. */
  KafkaCluster open(Home home, java.util.function.Consumer<String> progress)
      throws IOException, InterruptedException {
    if (external != null) {
      return KafkaCluster.external(external);
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    Path dir = home.dataDir().resolve("kafka-" + stamp);
    progress.accept("starting embedded Kafka broker (KRaft) in " + dir);
    long t0 = System.nanoTime();
    EmbeddedBroker broker =
        EmbeddedBroker.start(
            home, dir, brokerPort, KeyValues.parse("--broker-set", brokerSets), "kafka-" + stamp);
    progress.accept(
        String.format(
            "broker ready at %s after %.1f s",
            broker.bootstrapServers(), (System.nanoTime() - t0) / 1e9));
    return broker;
  }
}
