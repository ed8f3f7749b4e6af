package org.streambench.harness.run;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.kafka.KafkaCluster;

/**
 * A run's resolved configuration, stored with its result: the workload's parameters, the engine's
 * settings and JVM options, the generator's producer settings and the broker's configuration (its
 * addresses and directories left out, so that equal setups hash alike).
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
    config.putAll(Generator.settingsForProvenance());
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
