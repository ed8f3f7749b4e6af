package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.net.LinkProxy;

/** Impairs a {@link LinkFault}'s links through the link proxy for its length, or resets them. */
final class LinkInjector implements Injector {
  private final LinkFault fault;
  private final List<Object> handles = new ArrayList<>();
  private boolean healed;

  LinkInjector(LinkFault fault) {
    this.fault = fault;
  }

  @Override
  public Hit inject(FaultTargets targets) {
    LinkProxy proxy = targets.links();
    if (proxy == null) {
      return Hit.nothing("the run's links do not go through the link proxy");
    }
    if (fault.impairment() == null) {
      int n = 0;
      for (String link : fault.links()) {
        n += proxy.reset(link);
      }
      return new Hit(String.join(", ", fault.links()) + " (" + n + " connections)", 0, null, null);
    }
    for (String link : fault.links()) {
      handles.add(proxy.impair(link, fault.impairment()));
    }
    return new Hit(String.join(", ", fault.links()), 0, null, null);
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
      targets.links().heal(fault.links().get(i), handles.get(i));
    }
    return "healed " + hit.name();
  }

  /** The proxy is the session's Kafka's: a link still impaired when the run ends is healed. */
  @Override
  public String closeOut(Hit hit, FaultTargets targets) {
    String done = heal(hit, targets);
    return done == null ? null : done + " after the run's faults";
  }
}
