package org.streambench.harness.run;

import org.streambench.api.Guarantee;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkFault;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.fault.Role;
import org.streambench.harness.net.NetworkNamespaces;

/**
 * What faults an engine can be put through, from its {@code engine.properties}: a master fault
 * needs a role named by {@code fault.master}; {@code fault.not-offered.master} and {@code
 * fault.not-offered.<guarantee>} say why an engine cannot survive one (a Flink JobManager without
 * high availability loses its job; Flink's at-most-once has no restarts); {@code fault.mechanisms}
 * lists {@code namespaces} where its processes may each run in a network namespace of their own.
 * Refused with one line.
 */
public final class FaultRules {
  private FaultRules() {}

  public static void requireOffered(
      EngineDescriptor engine, Guarantee guarantee, FaultSchedule faults) {
    faults.requireMechanism();
    if (faults.mechanism() == LinkMechanism.NAMESPACES) {
      requireNamespaces(engine);
    }
    if (faults.isEmpty()) {
      return;
    }
    boolean hitsEngine = faults.touchesEngine();
    if (hitsEngine) {
      engine
          .whyNotOffered("fault." + guarantee.id())
          .ifPresent(why -> refuse(engine, "faults under " + guarantee.id(), why));
    }
    requireLinks(engine, faults);
    if (faults.touches(Role.MASTER)) {
      engine.whyNotOffered("fault.master").ifPresent(why -> refuse(engine, "master faults", why));
      if (engine.masterRole().isEmpty()) {
        refuse(engine, "master faults", "it has no master process");
      }
    }
  }

  /**
   * Worker-master and worker-worker links need an engine that lets the link proxy in between its
   * processes.
   */
  private static void requireLinks(EngineDescriptor engine, FaultSchedule faults) {
    for (String link : LinkFault.ENGINE_OWN) {
      if (faults.requires(link) && !engine.faultLinks().contains(link)) {
        refuse(
            engine,
            "faults on " + link + " links",
            engine
                .whyNotOffered("fault." + link)
                .orElse("its processes' addresses cannot be put behind the link proxy yet"));
      }
    }
  }

  /** Network namespaces need an engine whose processes talk only to the brokers, and root. */
  private static void requireNamespaces(EngineDescriptor engine) {
    if (!engine.faultMechanisms().contains(LinkMechanism.NAMESPACES)) {
      refuse(
          engine,
          "--link-mechanism namespaces",
          engine
              .whyNotOffered("fault.namespaces")
              .orElse("its processes are not known to talk to the brokers only"));
    }
    NetworkNamespaces.whyUnavailable()
        .ifPresent(
            why -> {
              throw new UsageException("--link-mechanism namespaces: " + why);
            });
  }

  private static void refuse(EngineDescriptor engine, String what, String why) {
    throw new UsageException("engine " + engine.name() + " cannot take " + what + ": " + why);
  }
}
