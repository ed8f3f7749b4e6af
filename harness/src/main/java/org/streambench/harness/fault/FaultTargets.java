package org.streambench.harness.fault;

import org.streambench.harness.net.Links;
import org.streambench.harness.process.ProcessSlot;

/** The parts of a run that faults act on, as the run that injects them has them. */
public interface FaultTargets {
  /**
   * The next process of {@code role}, round robin per role over those running and neither down nor
   * paused by another fault; a spare worker (holding no share) is passed over. Null if none.
   */
  ProcessSlot pick(Role role);

  /**
   * Starts {@code slot}, of {@code role}, again; false if the run is stopping (nothing started).
   */
  boolean startAgain(ProcessSlot slot, Role role) throws Exception;

  /** What carries {@code link} (a proxy, network namespaces), or null if nothing cuts it. */
  Links links(String link);
}
