package org.streambench.harness.kafka;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.streambench.harness.UsageException;
import org.streambench.harness.net.HostPort;
import org.streambench.harness.process.ProcessSlot;

/** The Kafka a run uses: the embedded broker or an external cluster. */
public interface KafkaCluster extends AutoCloseable {

  String bootstrapServers();

  /**
   * Where {@code clients} connect: behind the link proxy where there is one ({@link #links}),
   * otherwise {@link #bootstrapServers()}.
   */
  default String bootstrapServers(KafkaClients clients) {
    return bootstrapServers();
  }

  /** The proxy the engine's and the generator's links go through, or null if they go direct. */
  default org.streambench.harness.net.LinkProxy links() {
    return null;
  }

  /** What this Kafka is, for provenance (e.g. "embedded kafka_2.13 4.4.0" or "external"). */
  String description();

  /** The broker's log file if streambench started the broker, else null. */
  default java.nio.file.Path log() {
    return null;
  }

  /**
   * The Kafka processes streambench started, by name ("the Kafka broker 2", "the Kafka
   * controller"); empty for an external cluster.
   */
  default Map<String, ProcessSlot> nodes() {
    return Map.of();
  }

  /** The brokers streambench started, which a fault may hit; empty for an external cluster. */
  default List<ProcessSlot> brokerProcesses() {
    return List.of();
  }

  /** How the run's topics are replicated. */
  default TopicReplication replication() {
    return TopicReplication.CLUSTER_DEFAULT;
  }

  @Override
  void close();

  default Admin admin() {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
    return Admin.create(p);
  }

  /**
   * Creates topics, replicated as {@link #replication()} says, and waits until every partition is
   * served by its leader: the controller accepts a topic, and the brokers' metadata names a leader,
   * before that leader's replica manager has created the partition. A first write in that window is
   * refused with a retriable error, and an idempotent producer with several requests in flight can
   * then lose its first batch for good (KAFKA-15591; see docs/kafka-first-write.md). Nothing may be
   * written or read (pre-fill, engine output, timed run) before {@link TopicReadiness} says so.
   */
  default void createTopics(List<String> names, int partitions) throws Exception {
    try (Admin admin = admin()) {
      admin
          .createTopics(
              names.stream()
                  .map(
                      n ->
                          new NewTopic(n, Optional.of(partitions), replication().factor())
                              .configs(replication().topicConfigs()))
                  .toList())
          .all()
          .get(60, TimeUnit.SECONDS);
      TopicReadiness.awaitServed(admin, names, Duration.ofSeconds(60));
    }
  }

  default void deleteTopics(List<String> names) throws Exception {
    deleteTopics(names, null);
  }

  /** Deletes {@code names} and, if {@code prefix} is not null, every topic whose name has it. */
  default void deleteTopics(List<String> names, String prefix) throws Exception {
    try (Admin admin = admin()) {
      Set<String> doomed = new TreeSet<>(names);
      if (prefix != null) {
        admin.listTopics().names().get(60, TimeUnit.SECONDS).stream()
            .filter(t -> t.startsWith(prefix))
            .forEach(doomed::add);
      }
      admin.deleteTopics(doomed).all().get(60, TimeUnit.SECONDS);
    }
  }

  /** Uses an existing cluster; fails with a usage error if it does not answer. */
  static KafkaCluster external(String bootstrapServers, TopicReplication replication) {
    KafkaCluster cluster =
        new KafkaCluster() {
          @Override
          public String bootstrapServers() {
            return bootstrapServers;
          }

          @Override
          public String description() {
            return "external " + bootstrapServers;
          }

          @Override
          public TopicReplication replication() {
            return replication;
          }

          @Override
          public void close() {}
        };
    String refused = noneAccepts(bootstrapServers);
    if (refused != null) {
      // at once: Kafka's client would retry a refused address until its timeout
      throw new UsageException("Kafka at " + bootstrapServers + " is unreachable: " + refused);
    }
    try (Admin admin = cluster.admin()) {
      admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted while checking Kafka at " + bootstrapServers);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      throw new UsageException("Kafka at " + bootstrapServers + " is unreachable");
    }
    return cluster;
  }

  /**
   * Null if one of the bootstrap addresses accepts a TCP connection within a second (whether it is
   * Kafka, the client then says), else why the last did not.
   */
  private static String noneAccepts(String bootstrapServers) {
    String why = "no address";
    for (String server : bootstrapServers.split(",")) {
      if (server.isBlank()) {
        continue; // as Kafka's client skips it
      }
      HostPort address = HostPort.parse("--kafka", server);
      try (Socket socket = new Socket()) {
        socket.connect(address.socketAddress(), 1_000);
        return null;
      } catch (IOException | IllegalArgumentException e) {
        why = server.trim() + ": " + e.getMessage();
      }
    }
    return why;
  }

  /** Broker config entries for provenance; empty when unknown. */
  default Map<String, String> brokerConfig() {
    return Map.of();
  }
}
