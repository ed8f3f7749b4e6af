package org.streambench.engine.storm;

import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.TopologyInfo;

/**
 * What makes a running topology fail its run, locally and on a cluster: it is no longer active, or
 * one of its components reported an error (an exception in a spout or bolt makes Storm restart the
 * worker, which loses the hand-kept state and replays, or without acking loses, tuples).
 */
final class TopologyChecks {
  private TopologyChecks() {}

  /** Throws unless {@code status} of {@code topology} (its name or id) is ACTIVE. */
  static void requireActive(String topology, String status) {
    if (!"ACTIVE".equals(status)) {
      throw new IllegalStateException("topology " + topology + " is " + status + ", not ACTIVE");
    }
  }

  /** Throws the first error a component of the topology reported, if any did. */
  static void requireNoErrors(TopologyInfo info) {
    for (Map.Entry<String, List<ErrorInfo>> e : info.get_errors().entrySet()) {
      if (!e.getValue().isEmpty()) {
        throw new IllegalStateException(
            "component "
                + e.getKey()
                + " of the topology failed: "
                + e.getValue().get(0).get_error());
      }
    }
  }
}
