package org.streambench.harness.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Guarantee;
import org.streambench.api.KafkaClientSettings;
import org.streambench.harness.KeyValues;
import org.streambench.harness.UsageException;

/**
 * Resolves an engine's settings for one run, each layer overriding the one before:
 *
 * <ol>
 *   <li>{@code engines/<engine>/conf/defaults.yaml}
 *   <li>{@code engines/<engine>/conf/<guarantee>.yaml}
 *   <li>{@code engines/<engine>/conf/cluster.yaml}, for a cluster deployment (if the engine has
 *       one)
 *   <li>each {@code --profile NAME}: {@code engines/<engine>/conf/profiles/NAME.yaml}, in order
 *   <li>each {@code --engine-config FILE}, in order
 *   <li>each {@code --set key=value}, in order
 * </ol>
 *
 * Nested YAML maps are flattened with dots ({@code flink: {a.b: 1}} becomes {@code flink.a.b=1}). A
 * Kafka client setting under a retired name ({@code producer.*}, {@code kafka.sink.*}, ...) is
 * refused in any layer, naming the {@code kafka.consumer.*} / {@code kafka.producer.*} key that
 * replaces it ({@link KafkaClientSettings}).
 */
public final class EngineSettings {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private EngineSettings() {}

  public static Map<String, String> resolve(
      EngineDescriptor engine,
      Guarantee guarantee,
      List<String> profiles,
      List<Path> configFiles,
      List<String> sets) {
    return resolve(engine, guarantee, false, profiles, configFiles, sets);
  }

  /** As above; a cluster deployment adds {@code conf/cluster.yaml} after the guarantee's file. */
  public static Map<String, String> resolve(
      EngineDescriptor engine,
      Guarantee guarantee,
      boolean cluster,
      List<String> profiles,
      List<Path> configFiles,
      List<String> sets) {
    Map<String, String> settings = new TreeMap<>();
    Path defaults = engine.confDir().resolve("defaults.yaml");
    settings.putAll(refuseRetired(readYaml(defaults, true), defaults + ":"));
    Path ofGuarantee = engine.confDir().resolve(guarantee.id() + ".yaml");
    settings.putAll(refuseRetired(readYaml(ofGuarantee, true), ofGuarantee + ":"));
    Path ofCluster = engine.confDir().resolve("cluster.yaml");
    if (cluster && Files.isRegularFile(ofCluster)) {
      settings.putAll(refuseRetired(readYaml(ofCluster, true), ofCluster + ":"));
    }
    for (String profile : profiles) {
      Path file = engine.confDir().resolve("profiles").resolve(profile + ".yaml");
      if (!profile.matches("[A-Za-z0-9._-]+") || !Files.isRegularFile(file)) {
        throw new UsageException(
            "engine "
                + engine.name()
                + " has no profile '"
                + profile
                + "' (it has: "
                + String.join(", ", profiles(engine))
                + ")");
      }
      settings.putAll(refuseRetired(readYaml(file, false), file + ":"));
    }
    SettingTypes types = SettingTypes.of(engine);
    for (Path file : configFiles) {
      Map<String, String> fromFile = refuseRetired(readYaml(file, false), file + ":");
      fromFile.forEach((k, v) -> types.check(k, v, file.toString() + ":"));
      settings.putAll(fromFile);
    }
    Map<String, String> fromSets = refuseRetired(KeyValues.parse("--set", sets), "--set");
    fromSets.forEach((k, v) -> types.check(k, v, "--set"));
    settings.putAll(fromSets);
    return settings;
  }

  /** {@code settings}, unless one of them has a retired name; {@code source} says where it was. */
  static Map<String, String> refuseRetired(Map<String, String> settings, String source) {
    for (String key : settings.keySet()) {
      KafkaClientSettings.refusal(key)
          .ifPresent(
              refusal -> {
                throw new UsageException(source + " " + refusal);
              });
    }
    return settings;
  }

  /** The names of an engine's profiles, sorted. */
  public static List<String> profiles(EngineDescriptor engine) {
    Path dir = engine.confDir().resolve("profiles");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".yaml"))
          .map(n -> n.substring(0, n.length() - ".yaml".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Reads a YAML map into flat dotted keys (also used for workload parameter files); a missing
   * optional file is an empty map.
   */
  public static Map<String, String> readYaml(Path file, boolean optional) {
    Map<String, String> flat = new TreeMap<>();
    if (!Files.isRegularFile(file)) {
      if (optional) {
        return flat;
      }
      throw new UsageException("config file not found: " + file);
    }
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new UsageException(
          "cannot parse " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return flat;
    }
    if (!root.isObject()) {
      throw new UsageException(file + " must be a YAML map of settings");
    }
    flatten("", root, flat);
    return flat;
  }

  private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> f : node.properties()) {
        flatten(prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey(), f.getValue(), out);
      }
    } else if (node.isArray()) {
      throw new UsageException("setting '" + prefix + "' is a list; settings must be scalars");
    } else {
      out.put(prefix, node.asText());
    }
  }
}
