package org.streambench.harness.it;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.engine.EngineRegistry;

/**
 * The engines the integration matrices run over: every registered engine at its default version, or
 * those named in the system property {@value #PROPERTY} (comma-separated), e.g. {@code mvn verify
 * -Dstreambench.it.engines=storm} or {@code flink@1.20} while working on one engine. A new engine
 * joins every matrix by registering itself; its other versions are run by {@code EngineVersionsIT}.
 */
final class TestEngines {
  static final String PROPERTY = "streambench.it.engines";

  private TestEngines() {}

  static List<EngineDescriptor> selected() {
    String names = System.getProperty(PROPERTY, "").trim();
    Set<String> wanted =
        Arrays.stream(names.split(","))
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
    return EngineRegistry.scan(Home.detect().enginesDir()).all().values().stream()
        .filter(e -> wanted.isEmpty() ? e.defaultVersion() : wanted.contains(e.name()))
        .toList();
  }

  /** Whether the engines were named ({@value #PROPERTY}): then every test runs on each of them. */
  static boolean named() {
    return !System.getProperty(PROPERTY, "").isBlank();
  }

  /** Whether engine {@code name} is among the selected ones. */
  static boolean isSelected(String name) {
    return selected().stream().anyMatch(e -> e.name().equals(name));
  }

  /** {@code preferred} if the engine offers it, else the strongest guarantee it offers. */
  static Guarantee guarantee(EngineDescriptor engine, Guarantee preferred) {
    if (engine.guarantees().contains(preferred)) {
      return preferred;
    }
    return engine.guarantees().stream().max(Enum::compareTo).orElseThrow();
  }
}
