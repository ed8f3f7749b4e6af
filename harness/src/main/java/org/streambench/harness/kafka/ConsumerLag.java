package org.streambench.harness.kafka;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.results.LagSeries;

/**
 * The engine's consumer lag as the broker sees it, read once a second through the admin API: the
 * records written to the run's input topics minus the offsets the engine's consumer group committed
 * on them. Every engine commits as the run id (the baseline's, Flink's and Storm's {@code
 * group.id}, Kafka Streams' {@code application.id}); one that does not commit offsets to Kafka
 * (Spark keeps them in its checkpoint) has no lag. The run's topics are new, so a partition without
 * a commit lags by everything written to it. Lag moves in steps where an engine commits at
 * checkpoints.
 */
public final class ConsumerLag implements AutoCloseable {
  private static final long TIMEOUT_MILLIS = 5_000;

  /** One group's lag at one reading (epoch milliseconds). */
  public record Reading(long epochMillis, long lag) {}

  private final Admin admin;
  private final String group;
  private final Set<TopicPartition> partitions;
  private final List<Reading> readings = new ArrayList<>();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("consumer-lag"));

  private ConsumerLag(Admin admin, String group, Set<TopicPartition> partitions) {
    this.admin = admin;
    this.group = group;
    this.partitions = partitions;
  }

  /**
   * Reads {@code group}'s lag on {@code partitions} partitions of each topic every second from now
   * on.
   */
  public static ConsumerLag start(
      KafkaCluster kafka, String group, List<String> topics, int partitions) {
    Set<TopicPartition> all = new LinkedHashSet<>();
    for (String topic : topics) {
      for (int p = 0; p < partitions; p++) {
        all.add(new TopicPartition(topic, p));
      }
    }
    ConsumerLag lag = new ConsumerLag(kafka.admin(), group, all);
    lag.timer.scheduleAtFixedRate(lag::read, 0, 1, TimeUnit.SECONDS);
    return lag;
  }

  /**
   * The group's lag per second since {@code originMillis} (none if it never committed): the last
   * reading within each second; readings before the origin are left out.
   */
  public synchronized List<LagSeries> perSecond(long originMillis) {
    return readings.isEmpty()
        ? List.of()
        : List.of(new LagSeries(group, points(readings, originMillis)));
  }

  static List<LagSeries.Point> points(List<Reading> readings, long originMillis) {
    Map<Long, Long> bySecond = new LinkedHashMap<>();
    for (Reading r : readings) {
      if (r.epochMillis() >= originMillis) {
        bySecond.put((r.epochMillis() - originMillis) / 1000, r.lag());
      }
    }
    List<LagSeries.Point> points = new ArrayList<>();
    bySecond.forEach((s, l) -> points.add(new LagSeries.Point(s, l)));
    return points;
  }

  /**
   * Stops the readings after a last one, taken now, while the engine still runs: a run of a few
   * seconds may end before the first reading that follows its engine's first commit (Flink commits
   * on checkpoint completion), and would otherwise show no lag at all.
   */
  @Override
  public void close() {
    timer.shutdownNow();
    try {
      if (timer.awaitTermination(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
        read();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    admin.close(java.time.Duration.ofSeconds(1));
  }

  private void read() {
    try {
      long now = System.currentTimeMillis();
      Map<TopicPartition, OffsetAndMetadata> committed = committed();
      if (committed.isEmpty()) {
        return; // not committed yet, or never (an engine that keeps its offsets elsewhere)
      }
      long lag = lag(committed, endOffsets());
      synchronized (this) {
        readings.add(new Reading(now, lag));
      }
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // the broker did not answer within the second (paused by a fault, busy): no reading
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The lag: for every partition, its end offset minus the group's committed offset, or the end
   * offset where the group has not committed on that partition.
   */
  static long lag(
      Map<TopicPartition, OffsetAndMetadata> committed, Map<TopicPartition, Long> ends) {
    long lag = 0;
    for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
      OffsetAndMetadata c = committed.get(end.getKey());
      lag += Math.max(0, end.getValue() - (c == null ? 0 : c.offset()));
    }
    return lag;
  }

  /** The group's committed offsets on the run's partitions; none before its first commit. */
  private Map<TopicPartition, OffsetAndMetadata> committed()
      throws ExecutionException, InterruptedException, TimeoutException {
    Map<TopicPartition, OffsetAndMetadata> ours = new HashMap<>();
    admin
        .listConsumerGroupOffsets(
            Map.of(group, new ListConsumerGroupOffsetsSpec().topicPartitions(partitions)))
        .partitionsToOffsetAndMetadata(group)
        .get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
        .forEach(
            (tp, o) -> {
              if (o != null) {
                ours.put(tp, o);
              }
            });
    return ours;
  }

  private Map<TopicPartition, Long> endOffsets()
      throws ExecutionException, InterruptedException, TimeoutException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
    Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> info =
        admin.listOffsets(latest).all().get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    Map<TopicPartition, Long> ends = new HashMap<>();
    info.forEach((tp, i) -> ends.put(tp, i.offset()));
    return ends;
  }
}
