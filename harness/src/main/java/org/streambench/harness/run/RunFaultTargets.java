package org.streambench.harness.run;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.fault.FaultTargets;
import org.streambench.harness.fault.Role;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.net.LinkProxy;
import org.streambench.harness.net.Links;
import org.streambench.harness.net.NetworkNamespaces;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.process.ProcessSlot;

/** A run's engine processes and brokers as its faults find them: round robin per role. */
final class RunFaultTargets implements FaultTargets {
  private final EngineProcesses engine;
  private final KafkaCluster kafka;
  private final EngineLinks engineLinks;
  private final ProcessSampler sampler;
  private final Map<Role, Integer> hits = new EnumMap<>(Role.class);

  RunFaultTargets(
      EngineProcesses engine, KafkaCluster kafka, EngineLinks engineLinks, ProcessSampler sampler) {
    this.engine = engine;
    this.kafka = kafka;
    this.engineLinks = engineLinks;
    this.sampler = sampler;
  }

  @Override
  public ProcessSlot pick(Role role) {
    List<ProcessSlot> candidates =
        switch (role) {
          case WORKER -> engine.workers();
          case MASTER -> engine.master().stream().toList();
          case BROKER -> kafka.brokerProcesses();
        };
    int next;
    synchronized (hits) {
      next = hits.merge(role, 1, Integer::sum) - 1;
    }
    for (int i = 0; i < candidates.size(); i++) {
      ProcessSlot slot = candidates.get((next + i) % candidates.size());
      boolean spare = role == Role.WORKER && engine.spare(slot);
      if (!slot.faulted() && slot.process().isAlive() && !spare) {
        return slot;
      }
    }
    return null;
  }

  /**
   * The engine's links to the brokers through its processes' network namespaces where it has them,
   * else the brokers' links through the session's Kafka's proxy; the engine's own through the
   * run's.
   */
  @Override
  public Links links(String link) {
    NetworkNamespaces namespaces = engine.namespaces();
    if (namespaces != null && namespaces.carries(link)) {
      return namespaces;
    }
    LinkProxy brokers = kafka.links();
    if (brokers != null && brokers.carries(link)) {
      return brokers;
    }
    return engineLinks != null && engineLinks.proxy().carries(link) ? engineLinks.proxy() : null;
  }

  @Override
  public boolean startAgain(ProcessSlot slot, Role role) throws Exception {
    if (role != Role.BROKER) {
      return engine.startAgain(slot, sampler);
    }
    ChildProcess again = slot.startAgain();
    if (again != null) {
      sampler.addToGroup("broker", again.pid());
    }
    return again != null;
  }
}
