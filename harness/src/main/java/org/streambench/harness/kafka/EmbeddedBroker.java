package org.streambench.harness.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.utils.AppInfoParser;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.process.ChildProcess;

/**
 * A real single-node KRaft Kafka broker in its own JVM on 127.0.0.1, with its data and log under a
 * directory of the caller's. Configured from {@code embedded-broker.properties}.
 */
public final class EmbeddedBroker implements KafkaCluster {
  private static final long START_TIMEOUT_MS = 90_000;
  private static final List<String> JVM_OPTIONS =
      List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20");

  private final ChildProcess process;
  private final Path dataDir;
  private final int port;
  private final Map<String, String> config;

  private EmbeddedBroker(ChildProcess process, Path dataDir, int port, Map<String, String> config) {
    this.process = process;
    this.dataDir = dataDir;
    this.port = port;
    this.config = config;
  }

  /**
   * Starts the broker and waits until it answers.
   *
   * @param port the client port, or 0 for a free one
   * @param overrides settings that replace or add to {@code embedded-broker.properties}
   */
  public static EmbeddedBroker start(
      Home home, Path dir, int port, Map<String, String> overrides, String runTag)
      throws IOException, InterruptedException {
    Home.requireFile(home.brokerJar(), "the broker jar");
    int brokerPort = port == 0 ? freePort() : requireFree(port);
    int controllerPort = freePort();
    Path dataDir = dir.resolve("data");
    Map<String, String> config = renderConfig(brokerPort, controllerPort, dataDir);
    config.putAll(overrides);
    Path file = dir.resolve("server.properties");
    Files.createDirectories(dir);
    StringBuilder text = new StringBuilder();
    config.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Files.writeString(file, text);
    ChildProcess process =
        ChildProcess.startJava(
            "broker",
            runTag,
            home.brokerJar(),
            "org.streambench.broker.BrokerMain",
            JVM_OPTIONS,
            List.of(file.toString()),
            Map.of(),
            dir.resolve("broker.log"));
    EmbeddedBroker broker = new EmbeddedBroker(process, dataDir, brokerPort, config);
    try {
      broker.awaitReady();
    } catch (IOException | InterruptedException | RuntimeException e) {
      broker.close();
      throw e;
    }
    return broker;
  }

  private void awaitReady() throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "Kafka broker exited with code "
                + process.exitCode()
                + " during start; log tail:\n"
                + process.logTail(20));
      }
      try (Admin admin = admin()) {
        admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
        return;
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        Thread.sleep(200);
      }
    }
    throw new IOException("Kafka broker did not answer within " + START_TIMEOUT_MS / 1000 + " s");
  }

  @Override
  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  @Override
  public String description() {
    return "embedded kafka_2.13 " + AppInfoParser.getVersion() + " (KRaft, single node)";
  }

  @Override
  public Path log() {
    return process.log();
  }

  @Override
  public long brokerPid() {
    return process.pid();
  }

  @Override
  public List<ChildProcess> brokerProcesses() {
    return List.of(process);
  }

  @Override
  public Map<String, String> brokerConfig() {
    Map<String, String> withJvm = new TreeMap<>(config);
    withJvm.put("jvm.options", String.join(" ", JVM_OPTIONS));
    return withJvm;
  }

  /** Stops the broker and deletes its topic data (which can be gigabytes); its log stays. */
  @Override
  public void close() {
    process.stop(15_000);
    try (Stream<Path> paths = Files.walk(dataDir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("streambench: could not delete " + dataDir + ": " + e.getMessage());
    }
  }

  private static Map<String, String> renderConfig(int brokerPort, int controllerPort, Path logDir)
      throws IOException {
    Properties template = new Properties();
    try (InputStream in = EmbeddedBroker.class.getResourceAsStream("/embedded-broker.properties")) {
      template.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    }
    Map<String, String> config = new TreeMap<>();
    for (String key : template.stringPropertyNames()) {
      config.put(
          key,
          template
              .getProperty(key)
              .replace("${broker.port}", Integer.toString(brokerPort))
              .replace("${controller.port}", Integer.toString(controllerPort))
              .replace("${log.dir}", logDir.toString()));
    }
    return config;
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on 127.0.0.1", e);
    }
  }

  private static int requireFree(int port) {
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UsageException("port " + port + " on 127.0.0.1 is already in use");
    }
  }
}
