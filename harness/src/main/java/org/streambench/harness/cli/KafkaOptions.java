package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.Home;
import org.streambench.harness.KeyValues;
import org.streambench.harness.UsageException;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.fault.Role;
import org.streambench.harness.kafka.EmbeddedKafka;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.kafka.TopicReplication;
import org.streambench.harness.net.LinkProxy;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.run.RigWarmup;
import picocli.CommandLine.Option;

/**
 * Which Kafka to run on: the embedded one (default: one broker; {@code --brokers N}) or {@code
 * --kafka host:port}, and how the run's topics are replicated.
 */
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
      names = "--brokers",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Brokers of the embedded Kafka: 1 (default) is one combined broker-and-controller"
              + " process; N > 1 starts a controller and N brokers, each its own process.")
  int brokers;

  @Option(
      names = "--replication-factor",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "Replicas of each partition of the run's topics (default: the embedded brokers, at"
              + " most 3; with --kafka, the cluster's default.replication.factor).")
  int replicationFactor;

  @Option(
      names = "--min-insync-replicas",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "min.insync.replicas of the run's topics (default: the replication factor less one, at"
              + " least 1; with --kafka, the cluster's default).")
  int minInsyncReplicas;

  @Option(
      names = "--broker-set",
      paramLabel = "KEY=VALUE",
      description =
          "Override one setting of the embedded broker (see"
              + " harness/src/main/resources/embedded-broker.properties).")
  List<String> brokerSets = new ArrayList<>();

  /** Whether the embedded Kafka's engine and generator links go through a link proxy. */
  private boolean linkProxy;

  /**
   * A broker fault needs brokers of ours, and another broker to take over; a link fault the
   * embedded Kafka behind a link proxy, which it then starts with.
   */
  void requireBrokersFor(FaultSchedule faults) {
    requireBrokersFor(faults, brokers);
  }

  /** As {@link #requireBrokersFor(FaultSchedule)} on {@code brokerCount} embedded brokers. */
  void requireBrokersFor(FaultSchedule faults, int brokerCount) {
    boolean namespaces = faults.mechanism() == LinkMechanism.NAMESPACES;
    if (namespaces && external != null) {
      throw new UsageException(
          "--link-mechanism namespaces needs the embedded Kafka: an engine in a namespace of its"
              + " own reaches this machine's 127.0.0.1 only");
    }
    if ((faults.touches("engine-broker") && !namespaces) || faults.touches("generator-broker")) {
      if (external != null) {
        throw new UsageException(
            "--fault on a link needs the embedded Kafka: the brokers of --kafka advertise"
                + " addresses the link proxy cannot stand in for");
      }
      linkProxy = true;
    }
    if (!faults.touches(Role.BROKER)) {
      return;
    }
    if (external != null) {
      throw new UsageException(
          "--fault on a broker needs the embedded Kafka: the brokers of --kafka are not ours to"
              + " fault");
    }
    if (brokerCount < 2) {
      throw new UsageException(
          "--fault on a broker needs --brokers 2 or more (with one, nothing takes over)");
    }
  }

  /**
   * Starts or connects to Kafka, an embedded one's nodes on the CPUs of the placement's {@code
   * broker} role, then warms it and the driver ({@link RigWarmup}); the caller closes it.
   */
  KafkaCluster open(Home home, java.util.function.Consumer<String> progress, CpuPlacement cpus)
      throws IOException, InterruptedException {
    return open(home, progress, brokers, cpus, RigWarmup.FOR_A_RUN);
  }

  /**
   * As {@link #open(Home, java.util.function.Consumer, CpuPlacement)} with {@code brokerCount}
   * brokers (0: {@code --brokers}), warmed for {@code warmFor} ({@link RigWarmup#FOR_A_SUITE}).
   */
  KafkaCluster open(
      Home home,
      java.util.function.Consumer<String> progress,
      int brokerCount,
      CpuPlacement cpus,
      java.time.Duration warmFor)
      throws IOException, InterruptedException {
    KafkaCluster kafka = connect(home, progress, brokerCount == 0 ? brokers : brokerCount, cpus);
    RigWarmup.warm(kafka, home.dataDir().resolve("warmup"), warmFor, progress);
    return kafka;
  }

  private KafkaCluster connect(
      Home home, java.util.function.Consumer<String> progress, int brokerCount, CpuPlacement cpus)
      throws IOException, InterruptedException {
    if (external != null) {
      if (brokerCount != 1) {
        throw new UsageException("--brokers starts an embedded Kafka; it cannot go with --kafka");
      }
      return KafkaCluster.external(
          external,
          TopicReplication.CLUSTER_DEFAULT.override(replicationFactor, minInsyncReplicas, 0));
    }
    if (brokerCount < 1) {
      throw new UsageException("--brokers must be at least 1, was " + brokerCount);
    }
    TopicReplication replication =
        TopicReplication.forBrokers(brokerCount)
            .override(replicationFactor, minInsyncReplicas, brokerCount);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    Path dir = home.dataDir().resolve("kafka-" + stamp);
    progress.accept(
        String.format(
            "starting embedded Kafka (KRaft, %s) in %s",
            brokerCount == 1 ? "one broker" : brokerCount + " brokers and a controller", dir));
    long t0 = System.nanoTime();
    EmbeddedKafka kafka =
        EmbeddedKafka.start(
            home,
            dir,
            brokerPort,
            brokerCount,
            KeyValues.parse("--broker-set", brokerSets),
            replication,
            "kafka-" + stamp,
            cpus,
            linkProxy ? new LinkProxy() : null);
    progress.accept(
        String.format(
            "Kafka ready at %s after %.1f s",
            kafka.bootstrapServers(), (System.nanoTime() - t0) / 1e9));
    return kafka;
  }
}
