package org.streambench.harness.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.streambench.harness.UsageException;

class TopicReplicationTest {

  private static TopicReplication of(int factor, int minInsync) {
    return new TopicReplication(Optional.of((short) factor), Optional.of(minInsync));
  }

  @Test
  void embeddedBrokersReplicateUpToThreeAndSurviveOneFailure() {
    assertEquals(of(1, 1), TopicReplication.forBrokers(1));
    assertEquals(of(2, 1), TopicReplication.forBrokers(2));
    assertEquals(of(3, 2), TopicReplication.forBrokers(3));
    assertEquals(of(3, 2), TopicReplication.forBrokers(5));
  }

  @Test
  void theUsersChoiceOverridesAndIsChecked() {
    assertEquals(of(2, 2), TopicReplication.forBrokers(3).override(2, 2, 3));
    assertEquals(of(3, 2), TopicReplication.forBrokers(3).override(0, 0, 3));
    UsageException tooMany =
        assertThrows(UsageException.class, () -> TopicReplication.forBrokers(1).override(3, 0, 1));
    assertTrue(tooMany.getMessage().contains("--replication-factor 3"), tooMany.getMessage());
    assertThrows(UsageException.class, () -> TopicReplication.forBrokers(3).override(2, 3, 3));
  }

  @Test
  void anExternalClusterKeepsItsDefaultsUnlessTold() {
    TopicReplication external = TopicReplication.CLUSTER_DEFAULT.override(0, 0, 0);
    assertEquals(TopicReplication.CLUSTER_DEFAULT, external);
    assertEquals(Map.of(), external.topicConfigs());
    assertEquals(
        Map.of("min.insync.replicas", "2"),
        TopicReplication.CLUSTER_DEFAULT.override(3, 2, 0).topicConfigs());
  }
}
