package org.streambench.harness.fault;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
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

  /** The mechanism of {@code id} ({@code proxy}, {@code namespaces}), if there is one. */
  public static Optional<LinkMechanism> byId(String id) {
    String wanted = id.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(m -> m.id().equals(wanted)).findFirst();
  }

  public static LinkMechanism parse(String text) {
    return byId(text)
        .orElseThrow(
            () ->
                new UsageException(
                    "--link-mechanism: '" + text + "' is not proxy (the default) or namespaces"));
  }
}
