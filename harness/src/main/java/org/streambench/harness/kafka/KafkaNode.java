package org.streambench.harness.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.streambench.harness.Home;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.GcLog;
import org.streambench.harness.process.ProcessSlot;

/**
 * One node of the embedded Kafka, its own JVM: a combined broker and controller (one broker), the
 * controller, or a broker (several). Its {@code server.properties}, data and log are under the
 * cluster's directory.
 */
final class KafkaNode {
  static final List<String> JVM_OPTIONS =
      List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20");

  /** What the node does. */
  enum Role {
    COMBINED("broker,controller"),
    CONTROLLER("controller"),
    BROKER("broker");

    final String processRoles;

    Role(String processRoles) {
      this.processRoles = processRoles;
    }
  }

  final Role role;
  final int nodeId;
  final int brokerPort;
  final List<ProxiedListener> proxied;
  final Map<String, String> config;
  final Path dataDir;
  private final ProcessSlot slot;

  private KafkaNode(
      Role role,
      int nodeId,
      int brokerPort,
      List<ProxiedListener> proxied,
      Map<String, String> config,
      Path dataDir,
      ChildProcess process) {
    this.role = role;
    this.nodeId = nodeId;
    this.brokerPort = brokerPort;
    this.proxied = List.copyOf(proxied);
    this.config = config;
    this.dataDir = dataDir;
    this.slot =
        new ProcessSlot(
            switch (role) {
              case COMBINED -> "broker";
              case CONTROLLER -> "controller";
              case BROKER -> "broker-" + nodeId;
            },
            process);
  }

  /**
   * A broker's listener of some clients ({@link KafkaClients}) that the brokers advertise at a port
   * of the link proxy, which forwards to {@code port}: every address such a client learns from
   * Kafka is the proxy's, since Kafka answers with the listener a request came in on.
   */
  record ProxiedListener(String name, int port, int proxyPort) {}

  /**
   * Writes the node's configuration (the shared settings with its own role, id, listeners and
   * directory) and starts it; it formats its storage with {@code clusterId} on first start.
   *
   * @param brokerPort its client port (unused for the controller)
   * @param controllerPort the controller's port
   * @param log its log file; its data goes to {@code dataDir}
   * @param launcher what it starts under ({@code taskset -c LIST}), or empty
   * @param proxied its listeners behind the link proxy (none without one)
   */
  static KafkaNode start(
      Home home,
      Role role,
      int nodeId,
      int brokerPort,
      int controllerPort,
      Map<String, String> shared,
      Path dataDir,
      Path log,
      String clusterId,
      String runTag,
      List<String> launcher,
      List<ProxiedListener> proxied)
      throws IOException {
    Map<String, String> config = new TreeMap<>(shared);
    String client = "PLAINTEXT://127.0.0.1:" + brokerPort;
    String bound = client;
    for (ProxiedListener l : proxied) {
      bound += "," + l.name() + "://127.0.0.1:" + l.port();
      client += "," + l.name() + "://127.0.0.1:" + l.proxyPort();
    }
    String controller = "CONTROLLER://127.0.0.1:" + controllerPort;
    config.put("process.roles", role.processRoles);
    config.put("node.id", Integer.toString(nodeId));
    config.put("log.dirs", dataDir.toString());
    switch (role) {
      case COMBINED -> config.put("listeners", bound + "," + controller);
      case CONTROLLER -> {
        config.put("listeners", controller);
        config.remove("inter.broker.listener.name");
      }
      case BROKER -> config.put("listeners", bound);
    }
    if (!proxied.isEmpty()) {
      StringBuilder map = new StringBuilder(config.get("listener.security.protocol.map"));
      proxied.forEach(l -> map.append(',').append(l.name()).append(":PLAINTEXT"));
      config.put("listener.security.protocol.map", map.toString());
    }
    if (role != Role.CONTROLLER) {
      config.put("advertised.listeners", client);
    }
    Path file = log.resolveSibling(log.getFileName().toString().replace(".log", ".properties"));
    StringBuilder text = new StringBuilder();
    config.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Files.writeString(file, text);
    ChildProcess process =
        ChildProcess.startJava(
            role == Role.CONTROLLER ? "controller" : "broker",
            runTag,
            home.brokerJar(),
            "org.streambench.broker.BrokerMain",
            Stream.concat(JVM_OPTIONS.stream(), GcLog.jvmOptions(log.getParent()).stream())
                .toList(),
            List.of(file.toString(), clusterId),
            Map.of(),
            log,
            launcher);
    return new KafkaNode(role, nodeId, brokerPort, proxied, config, dataDir, process);
  }

  /**
   * Where {@code clients} connect to this broker: its proxied listener's proxy, or the direct one.
   */
  String address(KafkaClients clients) {
    return proxied.stream()
        .filter(l -> l.name().equals(clients.listener))
        .findFirst()
        .map(l -> "127.0.0.1:" + l.proxyPort())
        .orElse("127.0.0.1:" + brokerPort);
  }

  ChildProcess process() {
    return slot.process();
  }

  /** The node's process, which a fault may kill or pause and start again. */
  ProcessSlot slot() {
    return slot;
  }

  /** How the node is named in failures: "the Kafka broker 2", "the Kafka controller". */
  String name(boolean several) {
    return switch (role) {
      case COMBINED -> "the Kafka broker";
      case CONTROLLER -> "the Kafka controller";
      case BROKER -> several ? "the Kafka broker " + nodeId : "the Kafka broker";
    };
  }
}
