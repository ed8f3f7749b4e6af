package org.streambench.engine.baseline;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.streambench.api.Deployment;
import org.streambench.api.JobSpec;

/**
 * When the instances of a cluster deployment are ready: the run's consumer group is stable with
 * every loop of every instance a member ({@link #members}) and every input partition assigned to
 * one of them. The group's readiness, not each instance's: a spare holds nothing and is ready too.
 */
final class GroupReadiness {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  private GroupReadiness() {}

  /** Every loop of the cluster: each worker's tasks, or one standby loop for a worker with none. */
  static int members(Deployment deployment, int parallelism) {
    int members = 0;
    for (int w = 1; w <= deployment.workers(); w++) {
      members += Math.max(1, deployment.tasksOf(w, parallelism).length);
    }
    return members;
  }

  /** Waits for the group; {@code check} throws if a loop of this instance failed meanwhile. */
  static void await(JobSpec spec, Runnable check) throws Exception {
    int members = members(spec.deployment(), spec.parallelism());
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers()))) {
      Set<TopicPartition> inputs = inputPartitions(admin, spec.inputTopic());
      String seen = "";
      while (true) {
        check.run();
        ConsumerGroupDescription group =
            admin
                .describeConsumerGroups(List.of(spec.runId()))
                .all()
                .get(30, TimeUnit.SECONDS)
                .get(spec.runId());
        Set<TopicPartition> assigned = new HashSet<>();
        for (MemberDescription m : group.members()) {
          assigned.addAll(m.assignment().topicPartitions());
        }
        if (group.groupState() == GroupState.STABLE
            && group.members().size() >= members
            && assigned.containsAll(inputs)) {
          return;
        }
        seen = group.groupState() + " with " + group.members().size() + " members, " + assigned;
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "consumer group "
                  + spec.runId()
                  + " not stable with "
                  + members
                  + " members and all of "
                  + inputs
                  + " assigned after "
                  + TIMEOUT
                  + "; it was "
                  + seen);
        }
        Thread.sleep(100);
      }
    }
  }

  private static Set<TopicPartition> inputPartitions(Admin admin, String topic) throws Exception {
    Set<TopicPartition> partitions = new HashSet<>();
    for (TopicPartitionInfo p :
        admin
            .describeTopics(List.of(topic))
            .allTopicNames()
            .get(1, TimeUnit.MINUTES)
            .get(topic)
            .partitions()) {
      partitions.add(new TopicPartition(topic, p.partition()));
    }
    return partitions;
  }
}
