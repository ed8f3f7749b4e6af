package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.results.RunResult;

/**
 * The collector's end-to-end latency against a second, plain Kafka consumer (a witness) reading the
 * same output topic during the same run, each taking the receive time as a poll returns: the two
 * must agree within 0.5 ms at p50, so that the collector's own receive path (decoding, checking,
 * recording) adds nothing to the figures it reports.
 */
class CollectorAgreementIT {
  private static final long RATE = 2_000;
  private static final int WARMUP_S = 5;
  private static final int DURATION_S = 15;
  private static final long TOLERANCE_MICROS = 500;

  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  @Test
  @Timeout(180)
  void collectorAndAPlainConsumerAgreeAtTheMedian() throws Exception {
    assumeTrue(TestEngines.isSelected("baseline"), "baseline not selected");
    Witness witness = new Witness(kafka.broker.bootstrapServers());
    Thread reader = new Thread(witness, "witness");
    reader.start();
    RunResult r;
    try {
      r =
          kafka.run(
              SharedBroker.withParallelism(
                  SharedBroker.fixedRate(
                      "baseline", Guarantee.AT_LEAST_ONCE, RATE, WARMUP_S, DURATION_S),
                  1,
                  "kafka.producer.linger.ms=0"));
    } finally {
      witness.stop();
      reader.join(10_000);
    }
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    PacingSchedule schedule = new PacingSchedule(RATE);
    long firstSteady = schedule.recordsIn(Duration.ofSeconds(WARMUP_S).toNanos());
    long end = schedule.recordsIn(Duration.ofSeconds(WARMUP_S + DURATION_S).toNanos());
    long witnessP50 = witness.medianMicros(firstSteady, end);
    long collectorP50 = r.endToEndLatencyMicros().p50();
    assertTrue(
        Math.abs(witnessP50 - collectorP50) <= TOLERANCE_MICROS,
        () -> "e2e p50: collector " + collectorP50 + " µs, plain consumer " + witnessP50 + " µs");
  }

  /** A plain consumer of the run's output topic (the one that appears once the run starts). */
  private static final class Witness implements Runnable {
    private final String bootstrap;
    private final Set<String> before;
    private final List<long[]> seen = new ArrayList<>();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile boolean stopping;

    Witness(String bootstrap) throws Exception {
      this.bootstrap = bootstrap;
      try (Admin admin = admin()) {
        before = admin.listTopics().names().get();
      }
    }

    void stop() {
      stopping = true;
    }

    @Override
    public void run() {
      try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProps())) {
        List<TopicPartition> partitions = outputPartitions(consumer);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        long[] fields = new long[IdentityRecords.OUTPUT_FIELDS];
        while (!stopping) {
          ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
          long now = EpochMicros.now();
          for (ConsumerRecord<byte[], byte[]> record : records) {
            if (IdentityRecords.parseOutput(record.value(), fields)) {
              seen.add(new long[] {fields[0], now - fields[1]});
            }
          }
        }
      } catch (Exception e) {
        failure.set(e);
      }
    }

    private List<TopicPartition> outputPartitions(KafkaConsumer<byte[], byte[]> consumer)
        throws Exception {
      try (Admin admin = admin()) {
        while (!stopping) {
          for (String topic : admin.listTopics().names().get()) {
            if (topic.endsWith("-out") && !before.contains(topic)) {
              return consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                  .map(p -> new TopicPartition(topic, p.partition()))
                  .toList();
            }
          }
          Thread.sleep(50);
        }
      }
      throw new IllegalStateException("the run's output topic never appeared");
    }

    /** The median latency of the records with seq in [from, to). */
    long medianMicros(long from, long to) {
      if (failure.get() != null) {
        throw new IllegalStateException("the plain consumer failed", failure.get());
      }
      long[] latencies =
          seen.stream()
              .filter(s -> s[0] >= from && s[0] < to)
              .mapToLong(s -> s[1])
              .sorted()
              .toArray();
      assertTrue(latencies.length > (to - from) / 2, "the plain consumer saw the steady state");
      return latencies[latencies.length / 2];
    }

    private Admin admin() {
      return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    private Properties consumerProps() {
      Properties p = new Properties();
      p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
      p.put(ConsumerConfig.CLIENT_ID_CONFIG, "witness");
      p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
      p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
      p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
      return p;
    }
  }
}
