package org.streambench.harness.run;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Deployment;
import org.streambench.harness.Mode;
import org.streambench.harness.engine.ClusterRole;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.kafka.KafkaCluster;

/**
 * A run's resolved configuration, stored with its result: the workload's parameters, the engine's
 * settings and JVM options (per role of a cluster: {@code engine.role.<name>.*}), the generator's
 * producer settings and the broker's configuration (its addresses and directories left out, so that
 * equal setups hash alike).
 */
final class ResolvedConfig {
  private ResolvedConfig() {}

  static Map<String, String> of(
      RunRequest request,
      EngineDescriptor engine,
      Map<String, String> settings,
      KafkaCluster kafka) {
    Map<String, String> config = new TreeMap<>(request.parameters());
    settings.forEach((k, v) -> config.put("engine." + k, v));
    config.put("engine.jvm.options", String.join(" ", engine.jvmOptions()));
    Deployment d = request.deployment();
    if (d.kind() != Deployment.Kind.LOCAL) {
      List<ClusterRole> roles =
          d.cluster() ? engine.clusterRoles() : List.of(engine.clientRole().orElseThrow());
      roles.forEach(role -> putRole(config, engine, role));
    }
    config.putAll(Generator.settingsForProvenance(request.mode() == Mode.FIXED_RATE));
    if (kafka == null) {
      return config;
    }
    kafka.brokerConfig().forEach((k, v) -> config.put("kafka.broker." + k, v));
    config.remove("kafka.broker.listeners");
    config.remove("kafka.broker.advertised.listeners");
    config.remove("kafka.broker.controller.quorum.bootstrap.servers");
    config.remove("kafka.broker.log.dirs");
    return config;
  }

  /** How a cluster role's processes start: main class and JVM options (and who adds to them). */
  private static void putRole(
      Map<String, String> config, EngineDescriptor engine, ClusterRole role) {
    String prefix = "engine.role." + role.name() + ".";
    config.put(prefix + "main", engine.mainClass(role));
    config.put(
        prefix + "jvm.options",
        String.join(" ", engine.jvmOptions(role))
            + (role.jvmOptionsFrom() == null ? "" : " + resolved by " + role.jvmOptionsFrom()));
  }

  /** SHA-256 of the configuration, one {@code key=value} line per entry, sorted. */
  static String hash(Map<String, String> config) {
    StringBuilder canonical = new StringBuilder();
    new TreeMap<>(config).forEach((k, v) -> canonical.append(k).append('=').append(v).append('\n'));
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
