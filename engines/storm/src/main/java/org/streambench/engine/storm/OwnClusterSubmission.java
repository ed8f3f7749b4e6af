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
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.Utils;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;

/**
 * Submission to the run's own cluster ({@link StormCluster}): an empty {@code storm.jar} (the code
 * is in every supervisor's {@code lib-worker}), {@code topology.workers} = the run's workers (one
 * worker JVM per supervisor) and the executors of the run's parallelism as in the local deployment;
 * running once every supervisor is registered, Nimbus has assigned every executor of the topology
 * to the run's worker slots, every task has been prepared in its worker ({@link TaskReadiness}) and
 * every Kafka spout task has polled (each writes a file, {@link KafkaIo#readyDir}). The KafkaSpout
 * reads from the earliest offset of a new consumer group, so records produced before it polls are
 * not lost.
 */
final class OwnClusterSubmission implements Submission {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

  private final JobSpec spec;
  private final Path tasksDir;

  OwnClusterSubmission(JobSpec spec) throws IOException {
    this.spec = spec;
    this.tasksDir =
        StormCluster.dir(spec, new EngineProcess("job", JobSpec.SOLE)).resolve("tasks-prepared");
  }

  @Override
  public Map<String, Object> config() throws IOException {
    return StormCluster.config(
        spec,
        new EngineProcess("job", JobSpec.SOLE),
        StormCluster.published(spec, "nimbus", "port"));
  }

  @Override
  public void prepare(Config conf, StormTopology topology) {
    conf.setNumWorkers(spec.deployment().workers());
    conf.put(TaskReadiness.DIR, tasksDir.toString());
    conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(TaskReadiness.class.getName()));
    topology.add_to_worker_hooks(ByteBuffer.wrap(Utils.javaSerialize(new SupervisorWatch())));
  }

  /**
   * The topology jar that {@code StormSubmitter} uploads: empty but for its manifest. The engine's
   * jar, which holds Storm itself, the topologies and their dependencies, is already on every
   * worker's classpath through the supervisors' {@code lib-worker}; submitted again, its Storm
   * classes and {@code defaults.yaml} would be on the worker's classpath twice, which the worker
   * refuses ("Found multiple defaults.yaml resources").
   */
  @Override
  public Path topologyJar(Path dir) throws IOException {
    Path jar = dir.resolve("topology.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    new JarOutputStream(Files.newOutputStream(jar), manifest).close(); // the manifest only
    return jar;
  }

  @Override
  public String awaitRunning(Nimbus.Iface nimbus, String name, StormTopology topology)
      throws Exception {
    int workers = spec.deployment().workers();
    int own = Submission.ownExecutors(topology);
    Path spoutsDir = Path.of(KafkaIo.readyDir(spec));
    int spouts = topology.get_spouts().get(KafkaIo.SPOUT).get_common().get_parallelism_hint();
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
}
