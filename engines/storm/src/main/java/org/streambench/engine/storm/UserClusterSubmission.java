package org.streambench.engine.storm;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologySummary;
import org.streambench.api.JobSpec;

/**
 * Submission to the user's own Storm cluster, whose Nimbus is the deployment's address ({@code
 * HOST:PORT}): the topology's code goes as {@value #TOPOLOGY_JAR} (built beside the engine's jar:
 * the engine's classes and what the topologies need beyond Storm, which the cluster's workers
 * have), {@code topology.workers} from the setting {@code job.workers}, the executors of the run's
 * parallelism as everywhere. Running once the topology is active and every executor of its own has
 * been assigned and has sent Nimbus a heartbeat: from outside, Nimbus is all there is to ask (the
 * tasks' own signs of life in the run directory, which the run's own cluster uses, do not reach
 * this machine from a cluster elsewhere). The KafkaSpout reads from the earliest offset of a new
 * consumer group, so records produced before it polls are not lost.
 */
final class UserClusterSubmission implements Submission {
  static final String TOPOLOGY_JAR = "streambench-engine-storm-topology.jar";

  /**
   * Nimbus learns an executor's uptime from its worker's executor heartbeat, written every {@code
   * executor.metrics.frequency.secs} (60 s by default, the cluster's setting): the first, at the
   * worker's start, comes before the executors exist, so the next one, a minute later, is the first
   * that counts.
   */
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

  private final JobSpec spec;

  UserClusterSubmission(JobSpec spec) {
    this.spec = spec;
  }

  @Override
  public Map<String, Object> config() {
    String address = spec.deployment().address();
    int colon = address.lastIndexOf(':');
    Map<String, Object> c = new HashMap<>(StormSettings.storm(spec));
    // an IPv6 host comes in brackets ([::1]:6627), which Storm's seeds do not take
    c.put(Config.NIMBUS_SEEDS, List.of(address.substring(0, colon).replaceAll("^\\[|\\]$", "")));
    c.put(Config.NIMBUS_THRIFT_PORT, Integer.parseInt(address.substring(colon + 1)));
    return c;
  }

  @Override
  public Path topologyJar(Path dir) throws IOException {
    Path jar;
    try {
      jar =
          Path.of(StormEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI())
              .resolveSibling(TOPOLOGY_JAR);
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "no " + jar + ": the storm engine's build makes it (mvn package)");
    }
    return jar;
  }

  @Override
  public void prepare(Config conf, StormTopology topology) {
    // nothing beyond the run's settings: the cluster is the user's
  }

  @Override
  public String awaitRunning(Nimbus.Iface nimbus, String name, StormTopology topology)
      throws Exception {
    int own = Submission.ownExecutors(topology);
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    String state = "not submitted";
    while (System.nanoTime() < deadline) {
      for (TopologySummary t : nimbus.getClusterInfo().get_topologies()) {
        if (t.get_name().equals(name)) {
          TopologyInfo info = nimbus.getTopologyInfo(t.get_id());
          TopologyChecks.requireNoErrors(info);
          List<ExecutorSummary> ofOwn =
              info.get_executors().stream()
                  .filter(e -> !e.get_component_id().startsWith("__"))
                  .toList();
          long alive = ofOwn.stream().filter(e -> e.get_uptime_secs() > 0).count();
          state =
              String.format(
                  "%s, %d of %d executors assigned, %d heard from",
                  info.get_status(), ofOwn.size(), own, alive);
          if ("ACTIVE".equals(info.get_status()) && ofOwn.size() == own && alive == own) {
            return t.get_id();
          }
        }
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("topology not running after " + READY_TIMEOUT + ": " + state);
  }
}
