package org.streambench.engine.baseline;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.utils.Time;
import org.streambench.api.PublishedPorts;

/**
 * A real single-node KRaft broker in the test JVM, on 127.0.0.1, configured as the harness's
 * embedded broker (harness/src/main/resources/embedded-broker.properties).
 */
final class LocalKafka implements AutoCloseable {
  private final KafkaRaftServer server;
  private final String bootstrapServers;

  private LocalKafka(KafkaRaftServer server, String bootstrapServers) {
    this.server = server;
    this.bootstrapServers = bootstrapServers;
  }

  static LocalKafka start(Path dir) throws IOException {
    int port = PublishedPorts.freePort();
    int controllerPort = PublishedPorts.freePort();
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", "1");
    p.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
    p.put(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("log.dirs", dir.resolve("data").toString());
    p.put("auto.create.topics.enable", "false");
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "2");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("transaction.state.log.num.partitions", "2");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("group.initial.rebalance.delay.ms", "0");
    Path config = dir.resolve("server.properties");
    try (Writer w = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
      p.store(w, "test broker");
    }
    String[] format = {
      "format", "-t", Uuid.randomUuid().toString(), "-c", config.toString(), "--standalone"
    };
    if (StorageTool.execute(format, System.out) != 0) {
      throw new IllegalStateException("formatting " + dir + " failed");
    }
    KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(p), Time.SYSTEM);
    server.startup();
    return new LocalKafka(server, "127.0.0.1:" + port);
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
  }

  /**
   * Creates the topics (name → partitions) and returns once every partition answers ListOffsets at
   * its leader, as the harness's TopicReadiness does: before that, an idempotent producer's first
   * batch to a partition can be refused and then lost for good (KAFKA-15591,
   * docs/kafka-first-write.md). A second copy of that rule on purpose: an engine module may not
   * depend on the harness, and the api module carries no Kafka client.
   */
  void createServedTopics(Map<String, Integer> partitionsByTopic) throws Exception {
    try (Admin admin = admin()) {
      List<NewTopic> topics = new ArrayList<>();
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      partitionsByTopic.forEach(
          (topic, partitions) -> {
            topics.add(new NewTopic(topic, partitions, (short) 1));
            for (int p = 0; p < partitions; p++) {
              request.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
          });
      admin.createTopics(topics).all().get(30, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (true) {
        try {
          admin.listOffsets(request).all().get(5, TimeUnit.SECONDS);
          return;
        } catch (ExecutionException | TimeoutException e) {
          boolean retriable =
              e instanceof TimeoutException || e.getCause() instanceof RetriableException;
          if (!retriable || System.nanoTime() > deadline) {
            throw e;
          }
          Thread.sleep(20);
        }
      }
    }
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }
}
