package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.workload.Workloads;

/**
 * KAFKA-15591 by stress: an idempotent producer with several requests in flight to a partition that
 * its broker does not host yet can have its first request refused while a later one is appended;
 * the first is then retried until it expires, and its records are lost without an error at the
 * broker. Many fresh 8-partition topics are written at once after their creation, with the
 * machine's cores kept busy, and every record must arrive:
 *
 * <ul>
 *   <li>by the generator on topics whose partitions merely have a leader (its own defence: the
 *       first record to each partition is acknowledged before more follow);
 *   <li>by a plain producer, as an engine's sink would write, on topics the harness created (its
 *       defence: a topic is ready only once every partition answers at its leader).
 * </ul>
 *
 * Without either defence these lose records on most runs here (see docs/kafka-first-write.md).
 */
class FirstWriteIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  private static final int TOPICS = 30;
  private static final int PARTITIONS = 8;
  private static final int RECORDS = 4_000;

  private CpuHog hog;

  @BeforeEach
  void loadTheMachine() {
    hog = new CpuHog(2);
  }

  @AfterEach
  void stopLoading() {
    hog.close();
  }

  @Test
  @Timeout(300)
  void generatorLosesNothingOnTopicsThatMerelyHaveLeaders() throws Exception {
    for (int i = 0; i < TOPICS; i++) {
      String topic = freshTopic("gen-" + i, false);
      GeneratorReport r =
          new Generator(kafka.broker.bootstrapServers(), List.of(topic), Workloads.identity(0), 1)
              .runUnpaced(RECORDS);
      assertEquals(0, r.sendErrors(), () -> topic + ": " + r.sendErrors() + " failed sends");
      assertEquals(RECORDS, endOffsets(topic), topic);
    }
  }

  @Test
  @Timeout(300)
  void anyProducerLosesNothingOnTopicsTheHarnessCreated() throws Exception {
    for (int i = 0; i < TOPICS; i++) {
      String topic = freshTopic("raw-" + i, true);
      long failed = writeAtOnce(topic);
      assertEquals(0, failed, topic + ": failed sends");
      assertEquals(RECORDS, endOffsets(topic), topic);
    }
  }

  /**
   * Creates a topic; {@code served} waits as the harness does, otherwise only until every partition
   * has a leader in the metadata (what the harness did before, which left the race open).
   */
  private static String freshTopic(String name, boolean served) throws Exception {
    String topic = "first-write-" + name + "-" + System.nanoTime();
    if (served) {
      kafka.broker.createTopics(List.of(topic), PARTITIONS);
      return topic;
    }
    try (Admin admin = kafka.broker.admin()) {
      admin
          .createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
      while (!led(admin, topic)) {
        Thread.sleep(5);
      }
    }
    return topic;
  }

  private static boolean led(Admin admin, String topic) {
    try {
      return admin
          .describeTopics(List.of(topic))
          .allTopicNames()
          .get(10, TimeUnit.SECONDS)
          .get(topic)
          .partitions()
          .stream()
          .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    } catch (Exception e) {
      return false;
    }
  }

  /** A sink-like producer: idempotent, 5 requests in flight, small batches, short expiry. */
  private static long writeAtOnce(String topic) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.broker.bootstrapServers());
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put("max.in.flight.requests.per.connection", "5");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, "1024");
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "8000");
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    AtomicLong failed = new AtomicLong();
    byte[] value = new byte[100];
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (int i = 0; i < RECORDS; i++) {
        producer.send(
            new ProducerRecord<>(topic, i % PARTITIONS, null, value),
            (meta, e) -> {
              if (e != null) {
                failed.incrementAndGet();
              }
            });
      }
      producer.flush();
    }
    return failed.get();
  }

  private static long endOffsets(String topic) throws Exception {
    try (Admin admin = kafka.broker.admin()) {
      Map<TopicPartition, OffsetSpec> request = new java.util.HashMap<>();
      for (int i = 0; i < PARTITIONS; i++) {
        request.put(new TopicPartition(topic, i), OffsetSpec.latest());
      }
      return admin.listOffsets(request).all().get(30, TimeUnit.SECONDS).values().stream()
          .mapToLong(o -> o.offset())
          .sum();
    }
  }

  /** Threads that keep cores busy, so that the broker applies new partitions late. */
  private static final class CpuHog implements AutoCloseable {
    private volatile boolean running = true;
    private final List<Thread> threads = new ArrayList<>();

    CpuHog(int n) {
      for (int i = 0; i < n; i++) {
        Thread t =
            new Thread(
                () -> {
                  long x = 0;
                  while (running) {
                    x += System.nanoTime() % 7;
                  }
                  if (x == 42) {
                    System.out.print("");
                  }
                },
                "cpu-hog-" + i);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        threads.add(t);
        t.start();
      }
    }

    @Override
    public void close() {
      running = false;
      for (Thread t : threads) {
        try {
          t.join(Duration.ofSeconds(5).toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
