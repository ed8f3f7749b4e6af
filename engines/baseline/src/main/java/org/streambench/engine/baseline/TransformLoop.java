package org.streambench.engine.baseline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;

/**
 * One consumer → producer pair, committing its offsets to the run's consumer group according to its
 * {@link CommitMode}. In one process, loop {@code i} of {@code p} owns input partitions {@code i, i
 * + p, ...} (static assignment: no group rebalances to distort a measurement). As a cluster
 * instance's loop it subscribes and the group hands partitions out ({@link GroupShare}), so that a
 * spare, or a surviving instance, takes over the partitions of one that died; a commit that a
 * rebalance overtook is given up and its records left to the partitions' next owner.
 */
final class TransformLoop implements Runnable {
  private final JobSpec spec;
  private final Transform transform;
  private final CommitMode mode;
  private final int index;
  private final CountDownLatch assigned;
  private final GroupShare group;
  private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
  private final long commitIntervalNanos;
  private long lastCommitNanos = System.nanoTime();
  private boolean uncommitted;
  private volatile boolean running = true;
  private volatile Exception failure;

  /**
   * @param group the instance's share of a cluster's consumer group, or null to assign this loop's
   *     partitions statically
   */
  TransformLoop(
      JobSpec spec,
      Transform transform,
      CommitMode mode,
      int index,
      CountDownLatch assigned,
      GroupShare group) {
    this.spec = spec;
    this.transform = transform;
    this.mode = mode;
    this.index = index;
    this.assigned = assigned;
    this.group = group;
    this.commitIntervalNanos =
        Duration.ofMillis(Long.parseLong(spec.setting("commit.interval.ms", "0"))).toNanos();
  }

  void stop() {
    running = false;
  }

  void rethrowFailure() throws Exception {
    if (failure != null) {
      throw failure;
    }
  }

  /** As {@link #rethrowFailure}, wrapped: for a wait that checks the loops as it goes. */
  void rethrowUnchecked() {
    if (failure != null) {
      throw new IllegalStateException("transform loop " + index + " failed: " + failure, failure);
    }
  }

  @Override
  public void run() {
    try (KafkaConsumer<byte[], byte[]> consumer =
            new KafkaConsumer<>(KafkaIo.consumer(spec, index));
        KafkaProducer<byte[], byte[]> producer =
            new KafkaProducer<>(KafkaIo.producer(spec, mode, index))) {
      if (group == null) {
        consumer.assign(
            owned(
                consumer.partitionsFor(spec.inputTopic(), Duration.ofSeconds(30)),
                spec.parallelism(),
                index));
        assigned.countDown();
      } else {
        consumer.subscribe(List.of(spec.inputTopic()), group.listener(index, assigned));
      }
      if (mode == CommitMode.TRANSACTIONAL) {
        producer.initTransactions();
      }
      while (running) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (!records.isEmpty()) {
          transform(records, consumer, producer);
        }
        if (uncommitted && System.nanoTime() - lastCommitNanos >= commitIntervalNanos) {
          commitProduced(consumer, producer);
        }
      }
      if (uncommitted) {
        commitProduced(consumer, producer);
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
        if (committed(consumer)) {
          produce(records, inMicros, producer);
        } else {
          rewind(records, consumer);
        }
      }
      case AFTER_PRODUCE -> {
        produce(records, inMicros, producer);
        uncommitted = true; // committed once every commit.interval.ms, after a flush
      }
      case TRANSACTIONAL -> {
        producer.beginTransaction();
        produce(records, inMicros, producer);
        try {
          producer.sendOffsetsToTransaction(nextOffsets(records), consumer.groupMetadata());
          producer.commitTransaction();
        } catch (ProducerFencedException
            | OutOfOrderSequenceException
            | AuthorizationException fatal) {
          throw fatal;
        } catch (KafkaException abortable) {
          // a rebalance overtook the transaction (its group generation is stale): nothing of it
          // becomes visible, and its records are read again by whoever owns them now
          System.err.println("transaction aborted: " + abortable);
          producer.abortTransaction();
          rewind(records, consumer);
        }
      }
    }
  }

  /**
   * At-least-once: waits until everything produced is acknowledged, then commits the positions read
   * so far, so that no offset is committed before its output is written.
   */
  private void commitProduced(
      KafkaConsumer<byte[], byte[]> consumer, KafkaProducer<byte[], byte[]> producer)
      throws Exception {
    producer.flush();
    checkSends();
    committed(consumer);
    uncommitted = false;
    lastCommitNanos = System.nanoTime();
  }

  /**
   * Commits the consumed offsets; false when a rebalance overtook the commit (a group-managed loop
   * only: a static one has nothing to be overtaken by).
   */
  private boolean committed(KafkaConsumer<byte[], byte[]> consumer) {
    try {
      consumer.commitSync();
      return true;
    } catch (CommitFailedException | RebalanceInProgressException e) {
      if (group == null) {
        throw e;
      }
      System.err.println("commit overtaken by a rebalance: " + e);
      return false;
    }
  }

  /** Reads {@code records} again, from the partitions this loop still holds. */
  private static void rewind(
      ConsumerRecords<byte[], byte[]> records, KafkaConsumer<byte[], byte[]> consumer) {
    for (TopicPartition tp : records.partitions()) {
      if (consumer.assignment().contains(tp)) {
        consumer.seek(tp, records.records(tp).get(0).offset());
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
