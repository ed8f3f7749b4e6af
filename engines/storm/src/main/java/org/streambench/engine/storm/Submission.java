package org.streambench.engine.storm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;

/**
 * What differs between submitting to the run's own cluster ({@link OwnClusterSubmission}) and to
 * the user's ({@link UserClusterSubmission}); {@link ClusterJob} does the rest.
 */
interface Submission {
  /** The client's Storm config: where Nimbus is, and the settings a daemon would read. */
  Map<String, Object> config() throws IOException;

  /** The jar {@code StormSubmitter} uploads as the topology's code. */
  Path topologyJar(Path dir) throws IOException;

  /** Sets what the topology needs on this cluster (workers, hooks) before it is submitted. */
  void prepare(Config conf, StormTopology topology);

  /** Waits until the topology named {@code name} runs everywhere; returns its id. */
  String awaitRunning(Nimbus.Iface nimbus, String name, StormTopology topology) throws Exception;

  /** The executors of the topology's own spouts and bolts (not Storm's system components). */
  static int ownExecutors(StormTopology topology) {
    int n = 0;
    for (SpoutSpec s : topology.get_spouts().values()) {
      n += s.get_common().get_parallelism_hint();
    }
    for (Bolt b : topology.get_bolts().values()) {
      n += b.get_common().get_parallelism_hint();
    }
    return n;
  }
}
