package org.streambench.engine.baseline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;

/**
 * One consumer → producer pair. Instance {@code i} of {@code p} owns input partitions {@code i, i +
 * p, ...} (static assignment: no group rebalances to distort a measurement) and commits its offsets
 * to the run's consumer group according to its {@link CommitMode}.
 */
final class TransformLoop implements Runnable {
  private final JobSpec spec;
  private final Transform transform;
  private final CommitMode mode;
  private final int index;
  private final CountDownLatch assigned;
  private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
  private volatile boolean running = true;
  private volatile Exception failure;

  TransformLoop(
      JobSpec spec, Transform transform, CommitMode mode, int index, CountDownLatch assigned) {
    this.spec = spec;
    this.transform = transform;
    this.mode = mode;
    this.index = index;
    this.assigned = assigned;
  }

  void stop() {
    running = false;
  }

  void rethrowFailure() throws Exception {
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void run() {
    try (KafkaConsumer<byte[], byte[]> consumer =
            new KafkaConsumer<>(KafkaIo.consumer(spec, index));
        KafkaProducer<byte[], byte[]> producer =
            new KafkaProducer<>(KafkaIo.producer(spec, mode, index))) {
      consumer.assign(
          owned(
              consumer.partitionsFor(spec.inputTopic(), Duration.ofSeconds(30)),
              spec.parallelism(),
              index));
      assigned.countDown();
      if (mode == CommitMode.TRANSACTIONAL) {
        producer.initTransactions();
      }
      while (running) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (!records.isEmpty()) {
          transform(records, consumer, producer);
        }
      }
    } catch (Exception e) {
      failure = e;
      assigned.countDown();
    }
  }

  private void transform(
      ConsumerRecords<byte[], byte[]> records,
      KafkaConsumer<byte[], byte[]> consumer,
      KafkaProducer<byte[], byte[]> producer)
      throws Exception {
    long inMicros = EpochMicros.now();
    switch (mode) {
      case BEFORE_PRODUCE -> {
        consumer.commitSync();
        produce(records, inMicros, producer);
      }
      case AFTER_PRODUCE -> {
        produce(records, inMicros, producer);
        producer.flush();
        checkSends();
        consumer.commitSync();
      }
      case TRANSACTIONAL -> {
        producer.beginTransaction();
        produce(records, inMicros, producer);
        producer.sendOffsetsToTransaction(nextOffsets(records), consumer.groupMetadata());
        producer.commitTransaction();
      }
    }
  }

  private void produce(
      ConsumerRecords<byte[], byte[]> records,
      long inMicros,
      KafkaProducer<byte[], byte[]> producer) {
    for (ConsumerRecord<byte[], byte[]> r : records) {
      producer.send(
          new ProducerRecord<>(spec.outputTopic(), r.key(), transform.apply(r.value(), inMicros)),
          (meta, e) -> {
            if (e != null) {
              sendFailure.compareAndSet(null, e);
            }
          });
    }
  }

  private void checkSends() throws Exception {
    Exception e = sendFailure.get();
    if (e != null) {
      throw e;
    }
  }

  private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(
      ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition tp : records.partitions()) {
      List<ConsumerRecord<byte[], byte[]>> part = records.records(tp);
      offsets.put(tp, new OffsetAndMetadata(part.get(part.size() - 1).offset() + 1));
    }
    return offsets;
  }

  /**
   * The partitions loop {@code index} of {@code loops} reads: {@code index, index + loops, ...}.
   */
  static List<TopicPartition> owned(List<PartitionInfo> partitions, int loops, int index) {
    List<TopicPartition> mine = new ArrayList<>();
    for (PartitionInfo p : partitions) {
      if (p.partition() % loops == index) {
        mine.add(new TopicPartition(p.topic(), p.partition()));
      }
    }
    return mine;
  }
}
