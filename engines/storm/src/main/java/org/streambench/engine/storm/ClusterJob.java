package org.streambench.engine.storm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.thrift.TException;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;

/**
 * The {@code job} process of the cluster deployment: submits the topology to Nimbus with {@code
 * StormSubmitter} (an empty {@code storm.jar}: the code is in every supervisor's {@code
 * lib-worker}), with {@code topology.workers} = the run's workers (one worker JVM per supervisor)
 * and the executors of the run's parallelism as in the local deployment; ready once every
 * supervisor is registered, Nimbus has assigned every executor of the topology to the run's worker
 * slots, every task has been prepared in its worker ({@link TaskReadiness}) and every Kafka spout
 * task has polled (each writes a file, {@link KafkaIo#readyDir}). The KafkaSpout reads from the
 * earliest offset of a new consumer group, so records produced before it polls are not lost. Then
 * it stays up while the topology runs, failing if the topology stops being active or an executor
 * reports an error; on exit it kills the topology.
 */
final class ClusterJob {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  /**
   * Checks in a row (one a second, plus the time a new connection takes to fail) that Nimbus may
   * fail to answer before the job fails: long enough for a Nimbus started again to take the lead.
   */
  private static final int NIMBUS_SILENT_CHECKS = 30;

  /** Set once this process is exiting (its shutdown hook runs): checks no longer fail it. */
  private static volatile boolean stopping;

  private ClusterJob() {}

  static void run(JobSpec spec, StormTopology topology, Runnable ready) throws Exception {
    long t0 = System.nanoTime();
    EngineProcess process = new EngineProcess("job", JobSpec.SOLE);
    Path dir = StormCluster.dir(spec, process);
    Map<String, Object> config =
        StormCluster.config(spec, process, StormCluster.published(spec, "nimbus", "port"));
    StormCluster.useConfig(dir, config);
    System.setProperty("storm.jar", topologyJar(dir).toString());
    int workers = spec.deployment().workers();
    Config conf = StormSettings.topologyConfig(spec);
    conf.setNumWorkers(workers);
    Path tasksDir = dir.resolve("tasks-prepared");
    conf.put(TaskReadiness.DIR, tasksDir.toString());
    conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(TaskReadiness.class.getName()));
    topology.add_to_worker_hooks(ByteBuffer.wrap(Utils.javaSerialize(new SupervisorWatch())));
    String name = "streambench-" + spec.workload();
    try (NimbusClient client = StormCluster.client(config, 30_000)) {
      Nimbus.Iface nimbus = client.getClient();
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> kill(config, name), "storm-topology-kill"));
      StormSubmitter.submitTopology(name, conf, topology);
      long submitted = System.nanoTime();
      String id =
          awaitRunning(
              nimbus,
              name,
              workers,
              userExecutors(topology),
              tasksDir,
              Path.of(KafkaIo.readyDir(spec)),
              topology.get_spouts().get(KafkaIo.SPOUT).get_common().get_parallelism_hint());
      System.err.printf(
          "streambench: storm topology %s submitted %.1f s after start, every executor running"
              + " %.1f s after submission%n",
          id, (submitted - t0) / 1e9, (System.nanoTime() - submitted) / 1e9);
      ready.run();
      watch(config, nimbus, id);
    }
  }

  /**
   * Checks the topology once a second until this process is stopped. Nimbus not answering is
   * tolerated for a while: at the end of a run the harness stops every process at once, so Nimbus
   * may go first; and a Nimbus killed and started again (a fault) is reached on a new connection,
   * the old one being broken for good. The workers run on without Nimbus meanwhile.
   */
  private static void watch(Map<String, Object> config, Nimbus.Iface first, String id)
      throws Exception {
    Nimbus.Iface nimbus = first;
    NimbusClient reconnected = null;
    int unanswered = 0;
    while (true) {
      Thread.sleep(1000);
      try {
        check(nimbus, id);
        unanswered = 0;
      } catch (TException e) {
        if (++unanswered >= NIMBUS_SILENT_CHECKS && !stopping) {
          throw e;
        }
        if (reconnected != null) {
          reconnected.close();
          reconnected = null;
        }
        try {
          reconnected = StormCluster.client(config, 5_000);
          nimbus = reconnected.getClient();
        } catch (RuntimeException notYet) {
          // not back yet: the next check tries again
        }
      }
    }
  }

  /**
   * The topology jar that {@code StormSubmitter} uploads: empty but for its manifest. The engine's
   * jar, which holds Storm itself, the topologies and their dependencies, is already on every
   * worker's classpath through the supervisors' {@code lib-worker}; submitted again, its Storm
   * classes and {@code defaults.yaml} would be on the worker's classpath twice, which the worker
   * refuses ("Found multiple defaults.yaml resources").
   */
  private static Path topologyJar(Path dir) throws IOException {
    Path jar = dir.resolve("topology.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    new JarOutputStream(Files.newOutputStream(jar), manifest).close(); // the manifest only
    return jar;
  }

  /** The executors of the topology's own spouts and bolts (not Storm's system components). */
  private static int userExecutors(StormTopology topology) {
    int n = 0;
    for (SpoutSpec s : topology.get_spouts().values()) {
      n += s.get_common().get_parallelism_hint();
    }
    for (Bolt b : topology.get_bolts().values()) {
      n += b.get_common().get_parallelism_hint();
    }
    return n;
  }

  /**
   * Waits until {@code workers} supervisors are registered and every executor of the topology (its
   * own as many as it declares, and Storm's system ones) has reported stats; returns its id.
   */
  private static String awaitRunning(
      Nimbus.Iface nimbus,
      String name,
      int workers,
      int own,
      Path tasksDir,
      Path spoutsDir,
      int spouts)
      throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    String state = "not submitted";
    while (System.nanoTime() < deadline) {
      ClusterSummary cluster = nimbus.getClusterInfo();
      String id = null;
      for (var t : cluster.get_topologies()) {
        if (t.get_name().equals(name)) {
          id = t.get_id();
        }
      }
      if (id != null) {
        TopologyInfo info = nimbus.getTopologyInfo(id);
        TopologyChecks.requireNoErrors(info);
        List<ExecutorSummary> executors = info.get_executors();
        long ownAssigned =
            executors.stream().filter(e -> !e.get_component_id().startsWith("__")).count();
        long slots =
            executors.stream().map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
        long prepared = files(tasksDir);
        long consuming = files(spoutsDir);
        state =
            String.format(
                "%d of %d supervisors, %d of %d executors assigned to %d worker(s), %d prepared,"
                    + " %d of %d spout tasks consuming",
                cluster.get_supervisors_size(),
                workers,
                ownAssigned,
                own,
                slots,
                prepared,
                consuming,
                spouts);
        if (cluster.get_supervisors_size() >= workers
            && ownAssigned == own
            && slots == workers
            && prepared >= own
            && consuming >= spouts
            && "ACTIVE".equals(info.get_status())) {
          return id;
        }
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("topology not running after " + READY_TIMEOUT + ": " + state);
  }

  private static long files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (var files = Files.list(dir)) {
      return files.count();
    }
  }

  /**
   * Throws if the topology is gone or not active, or if an executor reported an error (as the local
   * deployment does: a failed executor restarts its worker, which loses hand-kept state).
   */
  private static void check(Nimbus.Iface nimbus, String id) throws Exception {
    TopologyInfo info;
    try {
      info = nimbus.getTopologyInfo(id);
    } catch (NotAliveException e) {
      throw new IllegalStateException("topology " + id + " is gone", e);
    }
    TopologyChecks.requireActive(id, info.get_status());
    TopologyChecks.requireNoErrors(info);
  }

  /**
   * Kills the topology at once (no wait), giving up after 5 s: the cluster goes down anyway, and a
   * Nimbus that is already gone would keep Storm's client retrying.
   */
  private static void kill(Map<String, Object> config, String name) {
    stopping = true;
    Thread killer =
        new Thread(
            () -> {
              KillOptions now = new KillOptions();
              now.set_wait_secs(0);
              try (NimbusClient client = StormCluster.client(config, 5_000)) {
                client.getClient().killTopologyWithOpts(name, now);
              } catch (Exception e) {
                // not running, or Nimbus already gone
              }
            },
            "storm-topology-killer");
    killer.setDaemon(true);
    killer.start();
    try {
      killer.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
