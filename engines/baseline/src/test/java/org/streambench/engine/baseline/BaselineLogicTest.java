package org.streambench.engine.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.streambench.api.Deployment;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;

/** What the baseline computes per workload and guarantee, without a broker. */
class BaselineLogicTest {
  @Test
  void identityAppendsTheEntryStampThenTheExitStamp() {
    byte[] input = "7,1000,xxxx".getBytes(StandardCharsets.US_ASCII);
    long before = EpochMicros.now();
    byte[] output = Transform.IDENTITY.apply(input, 42);
    long[] fields = new long[4];
    assertTrue(IdentityRecords.parseOutput(output, fields), new String(output));
    assertArrayEquals(new long[] {7, 1000, 42}, new long[] {fields[0], fields[1], fields[2]});
    assertTrue(fields[3] >= before, "the exit stamp is taken as the record is transformed");
    assertTrue(new String(output, StandardCharsets.US_ASCII).startsWith("7,1000,xxxx,42,"));
  }

  @Test
  void eachGuaranteeCommitsAsItsNameSays() throws Exception {
    assertEquals(CommitMode.BEFORE_PRODUCE, mode(Guarantee.AT_MOST_ONCE));
    assertEquals(CommitMode.AFTER_PRODUCE, mode(Guarantee.AT_LEAST_ONCE));
    assertEquals(CommitMode.TRANSACTIONAL, mode(Guarantee.EXACTLY_ONCE));
  }

  @Test
  void exactlyOnceProducesInTransactionsAndReadsCommittedInput() throws Exception {
    JobSpec spec = spec(Guarantee.EXACTLY_ONCE, ConfFiles.settings(Guarantee.EXACTLY_ONCE));
    Properties producer = KafkaIo.producer(spec, CommitMode.TRANSACTIONAL, 1);
    assertEquals("run-1-baseline-1", producer.get(ProducerConfig.TRANSACTIONAL_ID_CONFIG));
    assertEquals("true", producer.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG));
    assertEquals(
        "read_committed", KafkaIo.consumer(spec, 1).get(ConsumerConfig.ISOLATION_LEVEL_CONFIG));
  }

  @Test
  void theOtherGuaranteesProduceWithoutTransactions() throws Exception {
    for (Guarantee g : List.of(Guarantee.AT_MOST_ONCE, Guarantee.AT_LEAST_ONCE)) {
      JobSpec spec = spec(g, ConfFiles.settings(g));
      assertNull(
          KafkaIo.producer(spec, mode(g), 0).get(ProducerConfig.TRANSACTIONAL_ID_CONFIG), g.id());
      assertNull(KafkaIo.consumer(spec, 0).get(ConsumerConfig.ISOLATION_LEVEL_CONFIG), g.id());
    }
  }

  @Test
  void clientSettingsPassThroughButNotOverWhatTheLoopNeeds() throws Exception {
    Map<String, String> settings = new HashMap<>(ConfFiles.settings(Guarantee.AT_LEAST_ONCE));
    settings.put("kafka.consumer.enable.auto.commit", "true");
    settings.put("kafka.consumer.max.poll.records", "7");
    settings.put("kafka.producer.linger.ms", "3");
    JobSpec spec = spec(Guarantee.AT_LEAST_ONCE, settings);
    Properties consumer = KafkaIo.consumer(spec, 0);
    assertEquals("false", consumer.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG));
    assertEquals("7", consumer.get(ConsumerConfig.MAX_POLL_RECORDS_CONFIG));
    assertEquals("run-1", consumer.get(ConsumerConfig.GROUP_ID_CONFIG));
    assertEquals("earliest", consumer.get(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG));
    assertEquals("baseline-consumer-0", consumer.get(ConsumerConfig.CLIENT_ID_CONFIG));
    Properties producer = KafkaIo.producer(spec, CommitMode.AFTER_PRODUCE, 0);
    assertEquals("3", producer.get(ProducerConfig.LINGER_MS_CONFIG));
    assertEquals("all", producer.get(ProducerConfig.ACKS_CONFIG));
  }

  @Test
  void loopsSplitThePartitionsWithoutOverlap() {
    List<PartitionInfo> partitions = new ArrayList<>();
    for (int p = 0; p < 5; p++) {
      partitions.add(new PartitionInfo("in", p, null, null, null));
    }
    assertEquals(
        List.of(tp(0), tp(2), tp(4)), TransformLoop.owned(partitions, 2, 0), "loop 0 of 2");
    assertEquals(List.of(tp(1), tp(3)), TransformLoop.owned(partitions, 2, 1), "loop 1 of 2");
    assertFalse(TransformLoop.owned(partitions, 5, 4).isEmpty());
    assertEquals(List.of(), TransformLoop.owned(partitions, 6, 5), "more loops than partitions");
  }

  @Test
  void aClusterHasALoopPerTaskAndOneStandbyLoopPerWorkerWithoutTasks() {
    Deployment twoWorkers = new Deployment(Deployment.Kind.CLUSTER, 2, 1);
    assertEquals(2, GroupReadiness.members(twoWorkers, 1), "one busy loop, one spare");
    assertEquals(2, GroupReadiness.members(twoWorkers, 2));
    assertEquals(4, GroupReadiness.members(twoWorkers, 4));
    assertEquals(3, GroupReadiness.members(new Deployment(Deployment.Kind.CLUSTER, 3, 1), 2));
  }

  @Test
  void clusterLoopsAreStaticMembersOrderedBusyFirst() throws Exception {
    Map<String, String> settings = new HashMap<>(ConfFiles.settings(Guarantee.AT_LEAST_ONCE));
    settings.put("static.membership", "true");
    JobSpec cluster =
        new JobSpec(
                "run-1",
                "identity",
                "127.0.0.1:1",
                "in",
                "out",
                Guarantee.AT_LEAST_ONCE,
                1,
                Path.of("run"),
                settings,
                Map.of(),
                new Deployment(Deployment.Kind.CLUSTER, 2, 1),
                JobSpec.SOLE)
            .forInstance(2);
    assertEquals(
        "run-1-loop-0002",
        KafkaIo.consumer(cluster, 2).get(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG));
    assertNull(
        KafkaIo.consumer(spec(Guarantee.AT_LEAST_ONCE, settings), 0)
            .get(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
        "a local run has no group membership to keep");
  }

  private static CommitMode mode(Guarantee g) throws Exception {
    return CommitMode.parse(ConfFiles.settings(g).get("commit.mode"));
  }

  private static TopicPartition tp(int partition) {
    return new TopicPartition("in", partition);
  }

  private static JobSpec spec(Guarantee g, Map<String, String> settings) {
    return new JobSpec(
        "run-1", "identity", "127.0.0.1:1", "in", "out", g, 2, Path.of("run"), settings, Map.of());
  }
}
