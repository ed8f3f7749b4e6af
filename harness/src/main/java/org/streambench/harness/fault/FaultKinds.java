package org.streambench.harness.fault;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every kind of fault, by name. */
public final class FaultKinds {
  /** The kinds a {@code --fault} may name, in the order its usage lists them. */
  static final List<FaultKind> ALL =
      Stream.concat(ProcessFault.KINDS.stream(), LinkFault.KINDS.stream()).toList();

  static final String USAGE =
      "--fault KIND:TARGET@TIME, e.g. kill:worker@20s, kill:worker@every:15s,"
          + " pause:worker@20s/5s, stop:worker@20s, kill:broker@20s, kill:worker@20s:norestart,"
          + " partition:engine-broker@20s/30s, partition:worker-master@20s/30s,"
          + " partition:worker-worker@20s/30s,"
          + " slow:engine-broker@20s/20s:50ms,"
          + " bandwidth:generator-broker@20s/20s:1mbit, reset:engine-broker@20s";

  private FaultKinds() {}

  /** Parses one {@code --fault} value by its kind; a usage error names what is wrong with it. */
  static FaultSpec parse(String text) {
    FaultText option = FaultText.of(text);
    return ALL.stream()
        .filter(k -> k.name().equalsIgnoreCase(option.kind()))
        .findFirst()
        .orElseThrow(
            () ->
                option.bad(
                    "unknown kind '"
                        + option.kind()
                        + "' (one of "
                        + ALL.stream().map(FaultKind::name).collect(Collectors.joining(", "))
                        + ")"))
        .parse(option);
  }
}
