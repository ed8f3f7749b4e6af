package org.streambench.harness.fault;

import java.util.Locale;
import org.streambench.harness.UsageException;

/**
 * How a run's faults on the engine's links to the brokers are made (docs/faults.md): through the
 * link proxy in the harness, which needs no privileges and can also slow, throttle and reset them,
 * or by network namespaces, each engine process in its own, cut by taking its device down (root
 * only; partitions both ways only).
 */
public enum LinkMechanism {
  PROXY,
  NAMESPACES;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static LinkMechanism parse(String text) {
    for (LinkMechanism m : values()) {
      if (m.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new UsageException(
        "--link-mechanism: '" + text + "' is not proxy (the default) or namespaces");
  }
}
