package org.streambench.harness.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.streambench.api.Guarantee;
import org.streambench.harness.UsageException;

/**
 * The engines this checkout has: every {@code engines/<name>/engine.properties}. Adding an engine
 * is one new module directory with that file; nothing here changes. Another version of an engine is
 * such a module too ({@code engines/flink-1.20/}, named {@code flink@1.20}); the bare name runs the
 * engine's default version.
 */
public final class EngineRegistry {
  private final Map<String, EngineDescriptor> engines;

  private EngineRegistry(Map<String, EngineDescriptor> engines) {
    this.engines = engines;
  }

  public static EngineRegistry scan(Path enginesDir) {
    Map<String, EngineDescriptor> found = new TreeMap<>();
    try (Stream<Path> dirs = Files.list(enginesDir)) {
      for (Path dir : dirs.sorted().toList()) {
        Path file = dir.resolve("engine.properties");
        if (Files.isRegularFile(file)) {
          EngineDescriptor d = EngineDescriptor.load(file);
          found.put(d.name(), d);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list engines in " + enginesDir, e);
    }
    return new EngineRegistry(found);
  }

  public Map<String, EngineDescriptor> all() {
    return engines;
  }

  /** The engine named {@code name}, or a one-line refusal naming those there are. */
  public EngineDescriptor named(String name) {
    EngineDescriptor d = engines.get(name);
    if (d != null) {
      return d;
    }
    int at = name.indexOf('@');
    EngineDescriptor family = at < 0 ? null : engines.get(name.substring(0, at));
    if (family != null && family.version().equals(name.substring(at + 1))) {
      throw new UsageException(
          "engine "
              + name
              + " is "
              + family.name()
              + "'s default version: name it "
              + family.name());
    }
    throw new UsageException(
        "unknown engine '" + name + "' (available: " + String.join(", ", engines.keySet()) + ")");
  }

  /**
   * The engines one value of a suite's {@code engine-version} names for the engine {@code family}:
   * {@code all}, every version there is (the default first); {@code default} or the default's own
   * line ({@code 2.3} while flink is 2.3), the bare name; any other line, {@code family@line},
   * which must be registered.
   */
  public List<String> versionsOf(String family, String version) {
    EngineDescriptor engine = named(family);
    if (!engine.defaultVersion()) {
      throw new UsageException(
          "engine-version: engines names "
              + family
              + ", a version already: name "
              + engine.family()
              + " and list its versions under engine-version");
    }
    if (version.equals("all")) {
      return engines.values().stream()
          .filter(d -> d.family().equals(family))
          .map(EngineDescriptor::name)
          .toList();
    }
    if (version.equals("default") || version.equals(engine.version())) {
      return List.of(family);
    }
    return List.of(named(family + "@" + version).name());
  }

  /** The engine, checked to run {@code workload} with {@code guarantee}. */
  public EngineDescriptor require(String name, String workload, Guarantee guarantee) {
    EngineDescriptor d = named(name);
    if (!d.workloads().contains(workload)) {
      throw new UsageException(
          "engine "
              + name
              + " cannot run workload '"
              + workload
              + "'"
              + d.whyNotOffered(workload).map(why -> ": " + why).orElse("")
              + " (it runs: "
              + String.join(", ", d.workloads())
              + ")");
    }
    if (!d.guarantees().contains(guarantee)) {
      throw new UsageException(
          "engine "
              + name
              + " does not offer "
              + guarantee
              + " delivery"
              + d.whyNotOffered(guarantee.id()).map(why -> ": " + why).orElse("")
              + " (it offers: "
              + String.join(", ", d.guarantees().stream().map(Guarantee::id).toList())
              + ")");
    }
    return d;
  }

  /** Checks that {@code engine} can run as a cluster of processes on this machine. */
  public void requireCluster(EngineDescriptor engine) {
    if (!engine.hasCluster()) {
      throw new UsageException(
          "engine "
              + engine.name()
              + " has no cluster deployment yet (engines with one: "
              + String.join(
                  ", ",
                  engines.values().stream()
                      .filter(EngineDescriptor::hasCluster)
                      .map(EngineDescriptor::name)
                      .toList())
              + "); use --deployment local");
    }
  }

  /**
   * Checks that {@code engine} can run on YARN: it has a client role (which deploys it there) and
   * its {@code engine.properties} does not say why not ({@code not-offered.deployment.yarn}).
   */
  public void requireYarn(EngineDescriptor engine) {
    String why =
        engine.clientRole().isEmpty()
            ? "it has no client that deploys it onto a cluster"
            : engine.whyNotOffered("deployment.yarn").orElse(null);
    if (why != null) {
      throw new UsageException("engine " + engine.name() + " has no --deployment yarn: " + why);
    }
  }

  /** Checks that {@code engine} can run on the user's own cluster (it has a client role). */
  public void requireExternal(EngineDescriptor engine) {
    if (engine.clientRole().isEmpty()) {
      throw new UsageException(
          "engine " + engine.name() + " cannot run on an external cluster yet");
    }
  }

  /** As {@link #require}, and checked to generate {@code workload}'s input inside its job. */
  public EngineDescriptor requireInJob(String name, String workload, Guarantee guarantee) {
    EngineDescriptor d = require(name, workload, guarantee);
    if (!d.inJobWorkloads().contains(workload)) {
      throw new UsageException(
          "engine "
              + name
              + " has no in-job source for workload "
              + workload
              + (d.inJobWorkloads().isEmpty()
                  ? " (it always reads Kafka)"
                  : " (it has one for: " + String.join(", ", d.inJobWorkloads()) + ")"));
    }
    return d;
  }
}
