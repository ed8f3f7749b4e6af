package org.streambench.harness.kafka;

import java.util.Map;
import java.util.Optional;
import org.streambench.harness.UsageException;

/**
 * How the run's topics are replicated: replicas per partition and the {@code min.insync.replicas}
 * an {@code acks=all} write needs; either absent means the cluster's own default.
 */
public record TopicReplication(Optional<Short> factor, Optional<Integer> minInsync) {

  /** The cluster's defaults for both. */
  public static final TopicReplication CLUSTER_DEFAULT =
      new TopicReplication(Optional.empty(), Optional.empty());

  /**
   * For {@code brokers} embedded brokers: as many replicas as brokers, at most 3, and writes
   * acknowledged by all but one of them, so that one broker can fail without loss or a stall.
   */
  public static TopicReplication forBrokers(int brokers) {
    int factor = Math.min(3, brokers);
    return new TopicReplication(Optional.of((short) factor), Optional.of(Math.max(1, factor - 1)));
  }

  /** The user's choice (0 = keep the default) over {@code defaults}; checked against brokers. */
  public TopicReplication override(int factor, int minInsync, int brokers) {
    if (factor < 0 || minInsync < 0) {
      throw new UsageException("--replication-factor and --min-insync-replicas must be positive");
    }
    Optional<Short> f = factor == 0 ? this.factor : Optional.of((short) factor);
    Optional<Integer> m = minInsync == 0 ? this.minInsync : Optional.of(minInsync);
    if (brokers > 0 && f.isPresent() && f.get() > brokers) {
      throw new UsageException(
          "--replication-factor " + f.get() + " needs at least as many brokers, not " + brokers);
    }
    if (f.isPresent() && m.isPresent() && m.get() > f.get()) {
      throw new UsageException(
          "--min-insync-replicas " + m.get() + " is more than the replication factor " + f.get());
    }
    return new TopicReplication(f, m);
  }

  /** The topic configs to create the run's topics with. */
  Map<String, String> topicConfigs() {
    return minInsync.map(m -> Map.of("min.insync.replicas", Integer.toString(m))).orElse(Map.of());
  }
}
