package org.streambench.harness.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;

/**
 * When a freshly created topic may be written. Two steps, because a broker's metadata cache learns
 * of a partition's leader before its replica manager creates the partition:
 *
 * <ol>
 *   <li>every partition has a leader in the metadata (describeTopics);
 *   <li>every partition answers ListOffsets at its leader. ListOffsets and Produce both go through
 *       the leader's replica manager, so from then on a first write is not refused for a partition
 *       the broker does not host yet, the refusal that starts KAFKA-15591's loss.
 * </ol>
 */
public final class TopicReadiness {
  private static final long POLL_MS = 20;
  private static final long ATTEMPT_SECONDS = 5;

  private TopicReadiness() {}

  /** Returns once every partition of {@code topics} is served by its leader; else times out. */
  public static void awaitServed(Admin admin, List<String> topics, Duration timeout)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    Map<String, TopicDescription> described;
    while ((described = describeIfLed(admin, topics)) == null) {
      pauseUntil(deadline, "topics " + topics + " still have partitions without a leader");
    }
    Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
    described.forEach(
        (name, d) ->
            d.partitions()
                .forEach(
                    p ->
                        partitions.put(
                            new TopicPartition(name, p.partition()), OffsetSpec.latest())));
    while (!answersListOffsets(admin, partitions)) {
      pauseUntil(deadline, "topics " + topics + " are not served by their leaders yet");
    }
  }

  /** The topics' descriptions if every partition has a leader, else null. */
  private static Map<String, TopicDescription> describeIfLed(Admin admin, List<String> topics)
      throws Exception {
    Map<String, TopicDescription> described;
    try {
      described =
          admin.describeTopics(topics).allTopicNames().get(ATTEMPT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      return null;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RetriableException) {
        return null; // e.g. the broker has not seen the controller's record yet
      }
      throw e;
    }
    boolean led =
        described.values().stream()
            .flatMap(t -> t.partitions().stream())
            .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    return led ? described : null;
  }

  private static boolean answersListOffsets(Admin admin, Map<TopicPartition, OffsetSpec> request)
      throws Exception {
    try {
      admin.listOffsets(request).all().get(ATTEMPT_SECONDS, TimeUnit.SECONDS);
      return true;
    } catch (TimeoutException e) {
      return false; // the admin client was still retrying; try again until the deadline
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RetriableException) {
        return false; // NOT_LEADER_OR_FOLLOWER, UNKNOWN_TOPIC_OR_PARTITION: not hosted yet
      }
      throw e;
    }
  }

  private static void pauseUntil(long deadline, String timeoutMessage) throws Exception {
    if (System.nanoTime() > deadline) {
      throw new TimeoutException(timeoutMessage);
    }
    Thread.sleep(POLL_MS);
  }
}
