package org.streambench.engine.storm;

import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.thrift.TException;
import org.apache.storm.utils.NimbusClient;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;

/**
 * The {@code job} process of a run on a Storm cluster, the run's own or the user's ({@link
 * Submission}): submits the topology to Nimbus with {@code StormSubmitter}, waits until it runs,
 * reports ready, then stays up while the topology runs, failing if it stops being active or an
 * executor reports an error; on exit it kills the topology.
 */
final class ClusterJob {
  /**
   * Checks in a row (one a second, plus the time a new connection takes to fail) that Nimbus may
   * fail to answer before the job fails: long enough for a Nimbus started again to take the lead.
   */
  private static final int NIMBUS_SILENT_CHECKS = 30;

  /** Set once this process is exiting (its shutdown hook runs): checks no longer fail it. */
  private static volatile boolean stopping;

  private ClusterJob() {}

  static void run(JobSpec spec, StormTopology topology, Runnable ready, Submission submission)
      throws Exception {
    long t0 = System.nanoTime();
    Path dir = StormCluster.dir(spec, new EngineProcess("job", JobSpec.SOLE));
    Map<String, Object> config = submission.config();
    StormCluster.useConfig(dir, config);
    System.setProperty("storm.jar", submission.topologyJar(dir).toString());
    Config conf = StormSettings.topologyConfig(spec);
    submission.prepare(conf, topology);
    // the run's own name: on a shared cluster no other topology has it, so the kill hook below
    // (registered before the submission, for a harness stopped during it) kills only this run's
    // (a topology's name takes no '.', which the run id of an engine's version has: flink-1.20)
    String name = "streambench-" + spec.workload() + "-" + spec.runId().replace('.', '_');
    try (NimbusClient client = StormCluster.client(config, 30_000)) {
      Nimbus.Iface nimbus = client.getClient();
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> kill(config, name), "storm-topology-kill"));
      StormSubmitter.submitTopology(name, conf, topology);
      long submitted = System.nanoTime();
      String id = submission.awaitRunning(nimbus, name, topology);
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
