package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.net.ClientSockets;
import org.streambench.harness.net.Peer;
import org.streambench.harness.process.ProcessSlot;

/**
 * Impairs a {@link LinkFault}'s links through the link proxy for its length, or resets them: every
 * connection of a link, or one worker's (those it opened, found by their client sockets, and those
 * opened to it).
 */
final class LinkInjector implements Injector {
  private final LinkFault fault;
  private final List<String> impairedLinks = new ArrayList<>();
  private final List<Object> handles = new ArrayList<>();
  private boolean healed;

  LinkInjector(LinkFault fault) {
    this.fault = fault;
  }

  @Override
  public Hit inject(FaultTargets targets) {
    List<String> carried = fault.links().stream().filter(l -> targets.links(l) != null).toList();
    if (carried.isEmpty()) {
      return Hit.nothing(
          "the run's links go direct: neither the link proxy nor namespaces cut them");
    }
    ProcessSlot worker = fault.oneWorker() ? targets.pick(Role.WORKER) : null;
    if (fault.oneWorker() && worker == null) {
      return Hit.nothing("no worker running to cut off");
    }
    Peer peer =
        worker == null
            ? null
            : new Peer(
                () -> ClientSockets.heldBy(worker.tree().stream().map(ProcessHandle::pid).toList()),
                worker.name());
    // the worker's own: taskmanager-2-broker, taskmanager-2-master, taskmanager-2-workers
    String links =
        String.join(
            ", ",
            carried.stream()
                .map(
                    l ->
                        worker == null
                            ? l
                            : worker.name()
                                + (l.equals(LinkFault.WORKER_WORKER)
                                    ? "-workers"
                                    : l.substring(l.indexOf('-'))))
                .toList());
    long pid = worker == null ? 0 : worker.process().pid();
    if (fault.impairment() == null) {
      int n = 0;
      for (String link : carried) {
        n += targets.links(link).reset(link, peer);
      }
      return new Hit(links + " (" + n + " connections)", pid, null, null);
    }
    for (String link : carried) {
      impairedLinks.add(link);
      handles.add(targets.links(link).impair(link, fault.impairment(), peer));
    }
    // no slot in the hit: the worker is not down, and its own faults close out apart from this one
    return new Hit(links, pid, null, null);
  }

  @Override
  public Duration healAfter(Duration restartDelay) {
    return fault.length();
  }

  @Override
  public synchronized String heal(Hit hit, FaultTargets targets) {
    if (healed) {
      return null;
    }
    healed = true;
    for (int i = 0; i < handles.size(); i++) {
      String link = impairedLinks.get(i);
      targets.links(link).heal(link, handles.get(i));
    }
    return "healed " + hit.name();
  }

  /**
   * The proxies are the session's and the run's: a link still impaired when the run ends is healed.
   */
  @Override
  public String closeOut(Hit hit, FaultTargets targets) {
    String done = heal(hit, targets);
    return done == null ? null : done + " after the run's faults";
  }
}
