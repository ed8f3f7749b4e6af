package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.api.Guarantee;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * The embedded Kafka as a cluster: three broker processes and a controller, each its own JVM; the
 * run's topics replicated three times with min.insync.replicas 2, and a run on it verifies.
 */
class KafkaClusterIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass(3);

  @Test
  @Timeout(120)
  void threeBrokersAndAControllerEachTheirOwnProcess() throws Exception {
    assertEquals(
        List.of(
            "the Kafka controller",
            "the Kafka broker 1",
            "the Kafka broker 2",
            "the Kafka broker 3"),
        List.copyOf(kafka.broker.nodes().keySet()));
    assertEquals(
        4,
        kafka.broker.nodes().values().stream()
            .mapToLong(p -> p.process().pid())
            .distinct()
            .count());
    assertEquals(3, kafka.broker.bootstrapServers().split(",").length);
    try (Admin admin = kafka.broker.admin()) {
      assertEquals(3, admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
    }
  }

  @Test
  @Timeout(120)
  void runTopicsAreReplicatedSoThatABrokerCanFail() throws Exception {
    String topic = "sb-cluster-it";
    kafka.broker.createTopics(List.of(topic), 4);
    try (Admin admin = kafka.broker.admin()) {
      TopicDescription d =
          admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
      d.partitions().forEach(p -> assertEquals(3, p.replicas().size(), p.toString()));
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      Config config =
          admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
      assertEquals("2", config.get("min.insync.replicas").value());
      admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }
  }

  /**
   * A broker killed under at-least-once and started again: its partitions' leaders move, the
   * generator's and the engine's clients follow them, and nothing is lost. The run ends 5 s after
   * its recovery.
   */
  @Test
  @Timeout(240)
  void aKilledBrokerLosesNothingUnderAtLeastOnce() throws Exception {
    RunResult r =
        kafka.run(
            SharedBroker.endingAfterRecovery(
                SharedBroker.withFaults(
                    SharedBroker.fixedRate("baseline", Guarantee.AT_LEAST_ONCE, 2_000, 5, 30),
                    "kill:broker@8s"),
                Duration.ofSeconds(5)));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"));
    assertEquals(0L, r.generator().sendErrors(), "no driver loss through a broker failover");
    RunResult.Fault f = r.faults().get(0);
    assertEquals("broker-1", f.process());
    assertEquals(3.0, f.backAfterSeconds(), 1.0);
    assertTrue(kafka.broker.nodes().values().stream().allMatch(n -> n.process().isAlive()));
  }

  @Test
  @Timeout(240)
  void aRunOnTheClusterVerifiesAndSaysWhereItRan() throws Exception {
    RunResult r = kafka.run(SharedBroker.drain("baseline", Guarantee.AT_LEAST_ONCE, 50_000));

    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(50_000L, r.verification().get("received"));
    assertTrue(
        r.provenance().get("kafka").toString().contains("3 brokers and a controller"),
        r.provenance().toString());
    assertEquals("3", r.config().get("kafka.broker.brokers"));
    assertTrue(
        r.processes().stream().anyMatch(p -> p.role().equals("broker") && p.peakRssBytes() > 0),
        r.processes().toString());
  }
}
