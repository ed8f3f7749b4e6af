package org.streambench.harness.kafka;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.streambench.harness.UsageException;

/** The Kafka a run uses: the embedded broker or an external cluster. */
public interface KafkaCluster extends AutoCloseable {

  String bootstrapServers();

  /** What this Kafka is, for provenance (e.g. "embedded kafka_2.13 4.3.1" or "external"). */
  String description();

  /** The broker's log file if streambench started the broker, else null. */
  default java.nio.file.Path log() {
    return null;
  }

  /** Process id of the broker if streambench started it, else -1. */
  default long brokerPid() {
    return -1;
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
   * Creates topics with one replica each and waits until every partition has a leader: the
   * controller accepts a topic before the brokers serve it, and nothing may be written or read
   * (pre-fill, timed run) against a half-created topic.
   */
  default void createTopics(List<String> names, int partitions) throws Exception {
    try (Admin admin = admin()) {
      admin
          .createTopics(names.stream().map(n -> new NewTopic(n, partitions, (short) 1)).toList())
          .all()
          .get(60, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!everyPartitionLed(admin, names)) {
        if (System.nanoTime() > deadline) {
          throw new TimeoutException("topics " + names + " still have partitions without a leader");
        }
        Thread.sleep(50);
      }
    }
  }

  private static boolean everyPartitionLed(Admin admin, List<String> names) throws Exception {
    Map<String, TopicDescription> topics;
    try {
      topics = admin.describeTopics(names).allTopicNames().get(15, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return false; // the broker has not seen the controller's record yet
      }
      throw e;
    }
    return topics.values().stream()
        .flatMap(t -> t.partitions().stream())
        .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
  }

  default void deleteTopics(List<String> names) throws Exception {
    try (Admin admin = admin()) {
      admin.deleteTopics(names).all().get(60, TimeUnit.SECONDS);
    }
  }

  /** Uses an existing cluster; fails with a usage error if it does not answer. */
  static KafkaCluster external(String bootstrapServers) {
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
          public void close() {}
        };
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

  /** Broker config entries for provenance; empty when unknown. */
  default Map<String, String> brokerConfig() {
    return Map.of();
  }
}
