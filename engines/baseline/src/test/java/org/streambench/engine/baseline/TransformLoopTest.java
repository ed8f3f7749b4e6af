package org.streambench.engine.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.workload.IdentityCheck;
import org.streambench.verifier.workload.OutputCheck;
import org.streambench.verifier.workload.Replay;

/**
 * The transform loops of each guarantee, with that guarantee's settings, against a real broker: two
 * loops over three input partitions transform every record once (read_committed, as the collector
 * reads) and commit the consumed offsets to the run's consumer group. The output is judged by the
 * harness's own check of identity (the verifier module's), which must find it valid and must find
 * it invalid with one line lost or duplicated.
 */
class TransformLoopTest {
  private static final int RECORDS = 300;
  private static final int PARTITIONS = 3;
  private static final int LOOPS = 2;

  @TempDir static Path dir;
  private static LocalKafka kafka;

  @BeforeAll
  static void startKafka() throws Exception {
    kafka = LocalKafka.start(dir);
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @ParameterizedTest
  @EnumSource(Guarantee.class)
  void transformsEveryRecordOnceAndCommitsItsOffsets(Guarantee guarantee) throws Exception {
    String input = "in-" + guarantee.id();
    String output = "out-" + guarantee.id();
    kafka.createServedTopics(Map.of(input, PARTITIONS, output, 1));
    produceIdentityRecords(input);
    JobSpec spec =
        new JobSpec(
            "run-" + guarantee.id(),
            "identity",
            kafka.bootstrapServers(),
            input,
            output,
            guarantee,
            LOOPS,
            dir,
            ConfFiles.settings(guarantee),
            Map.of());

    List<TransformLoop> loops = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    CountDownLatch assigned = new CountDownLatch(LOOPS);
    CommitMode mode = CommitMode.parse(spec.requiredSetting("commit.mode"));
    for (int i = 0; i < LOOPS; i++) {
      TransformLoop loop =
          new TransformLoop(spec, BaselineEngine.CATALOGUE.builder(spec), mode, i, assigned, null);
      loops.add(loop);
      threads.add(new Thread(loop, "transform-" + i));
    }
    threads.forEach(Thread::start);
    List<byte[]> out;
    try {
      assertTrue(assigned.await(30, TimeUnit.SECONDS), "loops assigned");
      out = readCommitted(output);
    } finally {
      loops.forEach(TransformLoop::stop);
      for (Thread t : threads) {
        t.join(10_000);
      }
    }
    for (TransformLoop loop : loops) {
      loop.rethrowFailure();
    }

    // the harness's check of identity, on the loops' real output
    List<String> lines = new ArrayList<>();
    for (byte[] record : out) {
      lines.add(new String(record, StandardCharsets.US_ASCII));
    }
    Verdict verdict = Replay.judge(identityCheck(guarantee), RECORDS, lines);
    assertEquals(Verdict.Status.VALID, verdict.status(), () -> verdict.reasons() + " " + verdict);
    assertEquals(RECORDS, verdict.counts().get("received"));
    // and one line lost (or, where at-most-once allows loss, seen twice) is caught
    List<String> damaged = new ArrayList<>(lines);
    if (guarantee.forbidsLoss()) {
      damaged.remove(RECORDS / 2);
    } else {
      damaged.add(damaged.get(RECORDS / 2));
    }
    Verdict bad = Replay.judge(identityCheck(guarantee), RECORDS, damaged);
    assertEquals(Verdict.Status.INVALID, bad.status(), () -> bad.toString());

    Map<Long, long[]> bySeq = new TreeMap<>();
    for (byte[] record : out) {
      long[] fields = new long[4];
      assertTrue(IdentityRecords.parseOutput(record, fields), new String(record));
      assertEquals(null, bySeq.put(fields[0], fields), "seq " + fields[0] + " twice");
      assertEquals(1_000_000 + fields[0], fields[1], "intended time kept");
      assertTrue(fields[2] <= fields[3], "entry stamp before exit stamp");
    }
    assertEquals(RECORDS, bySeq.size());
    assertEquals(RECORDS, committedOffsets(spec.runId(), input));
  }

  /** The harness's check of identity, with this test's input generated through it. */
  private static OutputCheck identityCheck(Guarantee guarantee) {
    OutputCheck check = new IdentityCheck(0, guarantee);
    Replay.generate(check, RECORDS, 1_000_000, 1);
    return check;
  }

  /**
   * Identity input as the harness generates it: seq {@code s} intended at 1 000 000 + s µs. Every
   * send is checked, so input the broker refused fails here instead of counting as the loops' loss.
   */
  private static void produceIdentityRecords(String topic) throws Exception {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    List<Future<RecordMetadata>> sends = new ArrayList<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (Replay.Input r :
          Replay.generate(new IdentityCheck(0, Guarantee.AT_LEAST_ONCE), RECORDS, 1_000_000, 1)) {
        sends.add(
            producer.send(
                new ProducerRecord<>(topic, (int) (r.seq() % PARTITIONS), null, r.bytes())));
      }
      producer.flush();
    }
    for (Future<RecordMetadata> send : sends) {
      send.get();
    }
  }

  /** The output as the collector reads it, until every record is there (or a minute passed). */
  private static List<byte[]> readCommitted(String topic) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            kafka.bootstrapServers(),
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class);
    List<byte[]> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
      consumer.assign(List.of(new TopicPartition(topic, 0)));
      consumer.seekToBeginning(consumer.assignment());
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (out.size() < RECORDS && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          out.add(r.value());
        }
      }
      // anything beyond RECORDS would be a duplicate: read a little longer to see it
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
        out.add(r.value());
      }
    }
    return out;
  }

  /** The offsets the run's consumer group has committed on {@code topic}, summed. */
  private static long committedOffsets(String group, String topic) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    long sum;
    do {
      sum = 0;
      try (Admin admin = kafka.admin()) {
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e :
            admin
                .listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS)
                .entrySet()) {
          if (e.getKey().topic().equals(topic) && e.getValue() != null) {
            sum += e.getValue().offset();
          }
        }
      }
    } while (sum < RECORDS && System.nanoTime() < deadline);
    return sum;
  }
}
