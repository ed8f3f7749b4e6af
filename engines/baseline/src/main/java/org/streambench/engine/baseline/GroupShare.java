package org.streambench.engine.baseline;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkLog;

/**
 * The input partitions a cluster instance's loops hold as the run's consumer group hands them out,
 * each loop through its own {@link #listener}; every change of the instance's share after a
 * rebalance is appended to its {@link WorkLog} (none: the instance is a spare).
 */
final class GroupShare {
  private final JobSpec spec;
  private final Map<Integer, Set<String>> byLoop = new HashMap<>();
  private Set<String> written;

  GroupShare(JobSpec spec) {
    this.spec = spec;
  }

  /** Loop {@code loop}'s listener; its first assignment (even of nothing) counts {@code joined}. */
  ConsumerRebalanceListener listener(int loop, CountDownLatch joined) {
    return new ConsumerRebalanceListener() {
      @Override
      public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        update(loop, partitions, false);
      }

      @Override
      public void onPartitionsLost(Collection<TopicPartition> partitions) {
        update(loop, partitions, false);
      }

      @Override
      public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        update(loop, partitions, true);
        joined.countDown();
      }
    };
  }

  /** Written once a rebalance assigned: a revocation alone is the first half of one. */
  private synchronized void update(int loop, Collection<TopicPartition> partitions, boolean add) {
    Set<String> held = byLoop.computeIfAbsent(loop, l -> new TreeSet<>());
    for (TopicPartition tp : partitions) {
      String item = WorkLog.partition(spec, tp.topic(), tp.partition());
      if (add) {
        held.add(item);
      } else {
        held.remove(item);
      }
    }
    Set<String> all = new TreeSet<>();
    byLoop.values().forEach(all::addAll);
    if (add && !all.equals(written)) {
      WorkLog.append(spec, all);
      written = all;
    }
  }
}
