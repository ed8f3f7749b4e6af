package org.streambench.engine.kafkastreams;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.TaskMetadata;
import org.apache.kafka.streams.ThreadMetadata;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.streambench.api.EngineCatalogue;
import org.streambench.api.EngineLauncher;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.StreamEngine;
import org.streambench.api.WorkLog;

/**
 * Runs a workload as a Kafka Streams topology: {@code instances} KafkaStreams clients of one
 * application (the run id) in this process, each with {@code num.stream.threads} = parallelism.
 * Ready once every client is RUNNING and every input partition is assigned to one of its stream
 * threads; a stream thread that dies shuts its client down and fails the run. As a cluster, each
 * instance process is one client of the application with its share of the stream threads (one for
 * an instance without a share: a spare) and its own state directory, ready once the application's
 * instances together have every input partition; each logs its share as it changes ({@link
 * WorkLog}).
 */
public final class KafkaStreamsEngine implements StreamEngine {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

  /** Builds a workload's topology. */
  @FunctionalInterface
  interface TopologyBuilder {
    void build(StreamsBuilder builder, JobSpec spec);
  }

  /** Every workload this engine runs, with the guarantees it offers. */
  static final EngineCatalogue<TopologyBuilder> CATALOGUE =
      new EngineCatalogue<TopologyBuilder>(
              "the Kafka Streams engine", Guarantee.AT_LEAST_ONCE, Guarantee.EXACTLY_ONCE)
          .add("identity", IdentityTopology::build)
          .add("sleep", SleepTopology::build)
          .add("grep", GrepTopology::build)
          .add("grouping", GroupingTopology::build)
          .add("statemachine", StateMachineTopology::build)
          .add("wordcount", WordCountTopology::build)
          .add("ysb", YsbTopology::build)
          .add("join", JoinTopology::build)
          .add("uricount", UriCountTopology::build)
          .add("nexmark-q0", NexmarkTopology::q0)
          .add("nexmark-q1", NexmarkTopology::q1)
          .add("nexmark-q2", NexmarkTopology::q2)
          .add("nexmark-q3", NexmarkTopology::q3)
          .add("nexmark-q4", NexmarkTopology::q4)
          .add("nexmark-q5", NexmarkTopology::q5)
          .add("nexmark-q7", NexmarkTopology::q7)
          .add("nexmark-q8", NexmarkTopology::q8)
          .add("nexmark-q11", NexmarkTopology::q11)
          .add("nexmark-q14", NexmarkTopology::q14)
          .noInJobBecause("its topologies always read Kafka");

  public static void main(String[] args) {
    EngineLauncher.launch(new KafkaStreamsEngine(), args);
  }

  @Override
  public String name() {
    return "kafka-streams";
  }

  @Override
  public Map<String, String> versions() {
    return StreamEngine.versionsFrom(
        KafkaStreamsEngine.class, "/streambench-kafka-streams-versions.properties");
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    Properties config = StreamsSettings.config(spec);
    Topology topology = topology(spec, config);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicBoolean stopping = new AtomicBoolean();
    List<KafkaStreams> clients = new CopyOnWriteArrayList<>();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopping.set(true);
                  String dropped =
                      DroppedRecords.warning(
                          clients.stream().mapToLong(c -> DroppedRecords.total(c.metrics())).sum());
                  if (dropped != null) {
                    System.err.println(dropped);
                  }
                  clients.parallelStream().forEach(c -> c.close(CLOSE_TIMEOUT));
                },
                "streams-stop"));
    for (int i = 0; i < StreamsSettings.instances(spec); i++) {
      Properties instance = new Properties();
      instance.putAll(config);
      instance.put(StreamsConfig.CLIENT_ID_CONFIG, spec.runId() + spec.instanceSuffix() + "-" + i);
      instance.put(
          StreamsConfig.STATE_DIR_CONFIG, config.get(StreamsConfig.STATE_DIR_CONFIG) + "/" + i);
      KafkaStreams client = new KafkaStreams(topology, instance);
      client.setUncaughtExceptionHandler(
          e -> {
            failure.compareAndSet(null, e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
          });
      clients.add(client);
    }
    clients.forEach(KafkaStreams::start);
    awaitRunning(
        clients,
        failure,
        stopping,
        inputPartitions(config, sourceTopics(topology, spec.inputTopic())),
        spec);
    if (stopping.get()) {
      return;
    }
    ready.run();
    // until the process is stopped (the shutdown hook closes the clients) or a client fails
    Set<TopicPartition> held = null;
    while (!stopping.get()) {
      checkAlive(clients, failure, stopping);
      held = logShare(spec, clients, held);
      Thread.sleep(200);
    }
  }

  /**
   * Appends this instance's input partitions to its {@link WorkLog} when they changed (a cluster
   * instance's share: none for a spare) and returns them.
   */
  private static Set<TopicPartition> logShare(
      JobSpec spec, List<KafkaStreams> clients, Set<TopicPartition> logged) {
    if (spec.instance() == JobSpec.SOLE
        || !clients.stream().allMatch(c -> c.state() == KafkaStreams.State.RUNNING)) {
      return logged;
    }
    Set<TopicPartition> held = assigned(clients);
    held.removeIf(tp -> tp.topic().endsWith("-repartition"));
    if (!held.equals(logged)) {
      WorkLog.append(
          spec,
          held.stream().map(tp -> WorkLog.partition(spec, tp.topic(), tp.partition())).toList());
    }
    return held;
  }

  /** The workload's topology; unknown workloads and in-job sources are refused here. */
  static Topology topology(JobSpec spec, Properties config) {
    TopologyBuilder builder = CATALOGUE.builder(spec);
    StreamsBuilder streams = new StreamsBuilder();
    builder.build(streams, spec);
    return streams.build(config);
  }

  /**
   * Waits until every client is RUNNING (its first rebalance done, state restored) and the input
   * topics' partitions are all assigned to active tasks (of this process's stream threads; in a
   * cluster, of all the application's instances), so the harness starts its clock when the job
   * consumes.
   */
  private static void awaitRunning(
      List<KafkaStreams> clients,
      AtomicReference<Throwable> failure,
      AtomicBoolean stopping,
      Set<TopicPartition> inputs,
      JobSpec spec)
      throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!stopping.get()
        && (!clients.stream().allMatch(c -> c.state() == KafkaStreams.State.RUNNING)
            || !(spec.instance() == JobSpec.SOLE
                    ? assigned(clients)
                    : assignedInApplication(clients.get(0), spec.deployment().workers()))
                .containsAll(inputs))) {
      checkAlive(clients, failure, stopping);
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Kafka Streams not running with all of "
                + inputs
                + " assigned after "
                + READY_TIMEOUT
                + "; assigned: "
                + assigned(clients));
      }
      Thread.sleep(50);
    }
  }

  /** The partitions of the active tasks of every stream thread of {@code clients}. */
  private static Set<TopicPartition> assigned(List<KafkaStreams> clients) {
    Set<TopicPartition> partitions = new HashSet<>();
    for (KafkaStreams c : clients) {
      for (ThreadMetadata thread : c.metadataForLocalThreads()) {
        for (TaskMetadata task : thread.activeTasks()) {
          partitions.addAll(task.topicPartitions());
        }
      }
    }
    return partitions;
  }

  /**
   * The partitions of the active tasks of every instance of the application, once all {@code
   * instances} take part in its assignment; empty before.
   */
  private static Set<TopicPartition> assignedInApplication(KafkaStreams client, int instances) {
    Collection<StreamsMetadata> all = client.metadataForAllStreamsClients();
    Set<TopicPartition> partitions = new HashSet<>();
    if (all.size() == instances) {
      all.forEach(m -> partitions.addAll(m.topicPartitions()));
    }
    return partitions;
  }

  /**
   * The topics the topology reads that the harness writes: {@code inputTopic} or {@code
   * inputTopic-<stream>}, not the topology's internal ones (repartition topics, a foreign-key
   * join's subscription topics), which it creates only once it runs.
   */
  static Set<String> sourceTopics(Topology topology, String inputTopic) {
    Set<String> topics = new TreeSet<>();
    for (TopologyDescription.Subtopology sub : topology.describe().subtopologies()) {
      for (TopologyDescription.Node node : sub.nodes()) {
        if (node instanceof TopologyDescription.Source source && source.topicSet() != null) {
          source.topicSet().stream()
              .filter(t -> t.equals(inputTopic) || t.startsWith(inputTopic + "-"))
              .forEach(topics::add);
        }
      }
    }
    return topics;
  }

  /** Every partition of {@code topics}, which the harness created before starting the engine. */
  private static Set<TopicPartition> inputPartitions(Properties config, Set<String> topics)
      throws Exception {
    Map<String, Object> adminConfig = new HashMap<>();
    adminConfig.put(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
        config.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG));
    Set<TopicPartition> partitions = new HashSet<>();
    try (Admin admin = Admin.create(adminConfig)) {
      for (TopicDescription topic :
          admin.describeTopics(topics).allTopicNames().get(1, TimeUnit.MINUTES).values()) {
        for (TopicPartitionInfo p : topic.partitions()) {
          partitions.add(new TopicPartition(topic.name(), p.partition()));
        }
      }
    }
    return partitions;
  }

  private static void checkAlive(
      List<KafkaStreams> clients, AtomicReference<Throwable> failure, AtomicBoolean stopping) {
    if (stopping.get()) {
      return; // the process is being stopped: closing clients is no failure
    }
    Throwable t = failure.get();
    if (t != null) {
      throw new IllegalStateException("a stream thread failed: " + t, t);
    }
    for (KafkaStreams c : clients) {
      if (c.state() == KafkaStreams.State.ERROR || c.state() == KafkaStreams.State.NOT_RUNNING) {
        throw new IllegalStateException("Kafka Streams client stopped: " + c.state());
      }
    }
  }
}
