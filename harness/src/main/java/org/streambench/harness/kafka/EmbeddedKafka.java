package org.streambench.harness.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.streambench.api.KafkaClientsVersion;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.net.LinkProxy;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.process.ProcessSlot;

/**
 * A real KRaft Kafka on 127.0.0.1, each node its own JVM, with data and logs under a directory of
 * the caller's, configured from {@code embedded-broker.properties}. One broker is one combined
 * broker-and-controller node ({@code broker.log}); several are a controller ({@code
 * controller.log}) and that many brokers ({@code broker-N.log}), so that a broker can fail while
 * the cluster goes on. The run's topics get {@link TopicReplication#forBrokers} unless told
 * otherwise.
 */
public final class EmbeddedKafka implements KafkaCluster {
  private static final long START_TIMEOUT_MS = 90_000;
  private static final int READY_ASK_MS = 1000;

  private final List<KafkaNode> nodes;
  private final Path dir;
  private final TopicReplication replication;
  private final LinkProxy proxy;

  private EmbeddedKafka(
      List<KafkaNode> nodes, Path dir, TopicReplication replication, LinkProxy proxy) {
    this.nodes = nodes;
    this.dir = dir;
    this.replication = replication;
    this.proxy = proxy;
  }

  /**
   * Starts the nodes and waits until every broker answers.
   *
   * @param port the first broker's client port, or 0 for a free one
   * @param brokers how many brokers
   * @param overrides settings that replace or add to {@code embedded-broker.properties}
   * @param replication replication of the run's topics
   * @param cpus every node runs on the CPUs of its {@code broker} role
   * @param proxy the link proxy the engine and the generator connect through ({@link
   *     KafkaClients}), each broker one listener for each behind it; null: they connect directly
   */
  public static EmbeddedKafka start(
      Home home,
      Path dir,
      int port,
      int brokers,
      Map<String, String> overrides,
      TopicReplication replication,
      String runTag,
      CpuPlacement cpus,
      LinkProxy proxy)
      throws IOException, InterruptedException {
    if (brokers < 1) {
      throw new UsageException("--brokers must be at least 1, was " + brokers);
    }
    Home.requireFile(home.brokerJar(), "the broker jar");
    int firstPort = port == 0 ? PublishedPorts.freePort() : requireFree(port);
    int controllerPort = PublishedPorts.freePort();
    Map<String, String> shared = sharedConfig(controllerPort, brokers);
    shared.putAll(overrides);
    Files.createDirectories(dir);
    String clusterId = Uuid.randomUuid().toString();
    List<KafkaNode> nodes = new ArrayList<>();
    EmbeddedKafka kafka = new EmbeddedKafka(nodes, dir, replication, proxy);
    try {
      if (brokers == 1) {
        nodes.add(
            KafkaNode.start(
                home,
                KafkaNode.Role.COMBINED,
                1,
                firstPort,
                controllerPort,
                shared,
                dir.resolve("data"),
                dir.resolve("broker.log"),
                clusterId,
                runTag,
                cpus.launcher("broker"),
                proxied(proxy)));
      } else {
        nodes.add(
            KafkaNode.start(
                home,
                KafkaNode.Role.CONTROLLER,
                0,
                0,
                controllerPort,
                shared,
                dir.resolve("data-controller"),
                dir.resolve("controller.log"),
                clusterId,
                runTag,
                cpus.launcher("broker"),
                List.of()));
        for (int id = 1; id <= brokers; id++) {
          nodes.add(
              KafkaNode.start(
                  home,
                  KafkaNode.Role.BROKER,
                  id,
                  id == 1 ? firstPort : PublishedPorts.freePort(),
                  controllerPort,
                  shared,
                  dir.resolve("data-" + id),
                  dir.resolve("broker-" + id + ".log"),
                  clusterId,
                  runTag,
                  cpus.launcher("broker"),
                  proxied(proxy)));
        }
      }
      kafka.awaitReady(brokers);
    } catch (IOException | InterruptedException | RuntimeException e) {
      kafka.close();
      throw e;
    }
    return kafka;
  }

  /** A broker's listeners behind {@code proxy}, one for each of its clients; none without it. */
  private static List<KafkaNode.ProxiedListener> proxied(LinkProxy proxy) throws IOException {
    List<KafkaNode.ProxiedListener> out = new ArrayList<>();
    if (proxy == null) {
      return out;
    }
    for (KafkaClients clients : KafkaClients.values()) {
      if (clients.listener != null) {
        int port = PublishedPorts.freePort();
        int proxyPort = proxy.listen(clients.link, new InetSocketAddress("127.0.0.1", port));
        out.add(new KafkaNode.ProxiedListener(clients.listener, port, proxyPort));
      }
    }
    return out;
  }

  /**
   * Waits until {@code brokers} brokers answer, asking once a second (each question bounded to a
   * second, so that a node that exits during start is reported within about a second: an unanswered
   * call left pending would hold the admin client's close for its whole API timeout).
   */
  private void awaitReady(int brokers) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    DescribeClusterOptions ask = new DescribeClusterOptions().timeoutMs(READY_ASK_MS);
    Admin admin = admin();
    try {
      while (System.currentTimeMillis() < deadline) {
        throwIfANodeExited(brokers);
        try {
          if (admin
                  .describeCluster(ask)
                  .nodes()
                  .get(2L * READY_ASK_MS, TimeUnit.MILLISECONDS)
                  .size()
              >= brokers) {
            return;
          }
        } catch (ExecutionException | TimeoutException e) {
          // not answering yet
        }
        Thread.sleep(200);
      }
    } finally {
      admin.close(Duration.ZERO);
    }
    throw new IOException(
        brokers + " Kafka broker(s) did not answer within " + START_TIMEOUT_MS / 1000 + " s");
  }

  private void throwIfANodeExited(int brokers) throws IOException {
    for (KafkaNode node : nodes) {
      ChildProcess p = node.process();
      if (!p.isAlive()) {
        throw new IOException(
            node.name(brokers > 1)
                + " exited with code "
                + p.exitCode()
                + " during start; log tail:\n"
                + p.logTail(20));
      }
    }
  }

  private List<KafkaNode> brokers() {
    return nodes.stream().filter(n -> n.role != KafkaNode.Role.CONTROLLER).toList();
  }

  @Override
  public String bootstrapServers() {
    return bootstrapServers(KafkaClients.HARNESS);
  }

  @Override
  public String bootstrapServers(KafkaClients clients) {
    return brokers().stream().map(n -> n.address(clients)).collect(Collectors.joining(","));
  }

  @Override
  public LinkProxy links() {
    return proxy;
  }

  @Override
  public String description() {
    int brokers = brokers().size();
    return "embedded kafka_2.13 "
        + KafkaClientsVersion.get()
        + (brokers == 1
            ? " (KRaft, single node)"
            : " (KRaft, " + brokers + " brokers and a controller)");
  }

  @Override
  public Path log() {
    return brokers().get(0).process().log();
  }

  @Override
  public Map<String, ProcessSlot> nodes() {
    Map<String, ProcessSlot> named = new LinkedHashMap<>();
    boolean several = brokers().size() > 1;
    nodes.forEach(n -> named.put(n.name(several), n.slot()));
    return named;
  }

  @Override
  public List<ProcessSlot> brokerProcesses() {
    return brokers().stream().map(KafkaNode::slot).toList();
  }

  @Override
  public TopicReplication replication() {
    return replication;
  }

  /** The first broker's configuration, the JVM options and the number of brokers. */
  @Override
  public Map<String, String> brokerConfig() {
    Map<String, String> config = new TreeMap<>(brokers().get(0).config);
    config.put("jvm.options", String.join(" ", KafkaNode.JVM_OPTIONS));
    config.put("brokers", Integer.toString(brokers().size()));
    return config;
  }

  /** Stops every node and deletes the topic data (which can be gigabytes); the logs stay. */
  @Override
  public void close() {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      nodes.get(i).slot().close();
      nodes.get(i).process().stop(15_000); // brokers before their controller
    }
    if (proxy != null) {
      proxy.close();
    }
    for (KafkaNode node : nodes) {
      if (!Files.exists(node.dataDir)) {
        continue; // never formatted: the node failed first
      }
      try (Stream<Path> paths = Files.walk(node.dataDir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        System.err.println("streambench: could not delete " + node.dataDir + ": " + e.getMessage());
      }
    }
  }

  /** The directory of the nodes' configurations, data and logs. */
  public Path dir() {
    return dir;
  }

  private static Map<String, String> sharedConfig(int controllerPort, int brokers)
      throws IOException {
    Properties template = new Properties();
    try (InputStream in = EmbeddedKafka.class.getResourceAsStream("/embedded-broker.properties")) {
      template.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    TopicReplication internal = TopicReplication.forBrokers(brokers);
    Map<String, String> config = new TreeMap<>();
    for (String key : template.stringPropertyNames()) {
      config.put(
          key,
          template
              .getProperty(key)
              .replace("${controller.port}", Integer.toString(controllerPort))
              .replace("${internal.replication.factor}", internal.factor().get().toString())
              .replace("${internal.min.isr}", internal.minInsync().get().toString()));
    }
    return config;
  }

  private static int requireFree(int port) {
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UsageException("port " + port + " on 127.0.0.1 is already in use");
    }
  }
}
