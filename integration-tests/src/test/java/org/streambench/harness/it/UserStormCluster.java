package org.streambench.harness.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.Home;

/**
 * A Storm cluster as a user runs one, started the way Storm's {@code storm} command starts its
 * daemons: a {@code storm.home} whose {@code lib/} and {@code lib-worker/} hold Storm's jars, its
 * {@code conf/storm.yaml} on the classpath, ZooKeeper on its own (the server Storm's jars carry), a
 * Nimbus and one Supervisor with {@code slots} worker slots, whose worker JVMs it launches itself.
 * Like a user's plugins, {@code extlib/} and {@code extlib-daemon/} hold one jar: the transports
 * that keep Storm's thrift and worker ports on 127.0.0.1 (Storm binds every address), which the
 * tests require; nothing else of streambench is on the cluster, so the topology brings its code.
 */
final class UserStormCluster extends UserCluster {
  private final Path home;
  private final int nimbusPort;
  private final int supervisorPort;
  private Process supervisor;

  private UserStormCluster(Path dir) throws IOException {
    super(dir, "storm");
    this.home = dir.resolve("storm");
    this.nimbusPort = PublishedPorts.freePort();
    this.supervisorPort = PublishedPorts.freePort();
  }

  /** Starts the cluster in {@code dir}; returns once Nimbus and the Supervisor serve. */
  static UserStormCluster start(Path dir, int slots) throws Exception {
    return bringUp(
        new UserStormCluster(dir),
        cluster -> {
          int zooKeeperPort = PublishedPorts.freePort();
          cluster.layOut(zooKeeperPort, slots);
          cluster.start(
              "zookeeper",
              List.of("-Xmx256m"),
              cluster.classpath("lib"),
              "org.apache.storm.shade.org.apache.zookeeper.server.quorum.QuorumPeerMain",
              List.of(cluster.home.resolve("conf/zoo.cfg").toString()),
              Map.of());
          cluster.await("ZooKeeper", Duration.ofSeconds(60), () -> serves(zooKeeperPort));
          cluster.startDaemon("nimbus", "org.apache.storm.daemon.nimbus.Nimbus");
          cluster.await("Nimbus", Duration.ofSeconds(90), () -> serves(cluster.nimbusPort));
          cluster.supervisor =
              cluster.startDaemon("supervisor", "org.apache.storm.daemon.supervisor.Supervisor");
          cluster.await(
              "the Supervisor", Duration.ofSeconds(90), () -> serves(cluster.supervisorPort));
        });
  }

  @Override
  String address() {
    return "127.0.0.1:" + nimbusPort;
  }

  /** No worker JVM left: the Supervisor stops a topology's workers once Nimbus has killed it. */
  @Override
  boolean idle() {
    return supervisor.descendants().findAny().isEmpty();
  }

  /** As {@code storm nimbus} and {@code storm supervisor} start a daemon. */
  private Process startDaemon(String name, String mainClass) throws IOException {
    return start(
        name,
        List.of(
            "-Xmx512m",
            "-Ddaemon.name=" + name,
            "-Dstorm.home=" + home,
            "-Dstorm.log.dir=" + home.resolve("logs"),
            "-Dlogfile.name=" + name + ".log",
            "-Dlog4j.configurationFile=" + home.resolve("log4j2/cluster.xml")),
        classpath("lib", "extlib", "extlib-daemon")
            + java.io.File.pathSeparator
            + home.resolve("conf"),
        mainClass,
        List.of(),
        Map.of());
  }

  private String classpath(String... dirs) {
    return String.join(
        java.io.File.pathSeparator,
        java.util.Arrays.stream(dirs).map(d -> home.resolve(d) + "/*").toList());
  }

  /** The distribution's layout, the config and the logging of daemons and workers. */
  private void layOut(int zooKeeperPort, int slots) throws IOException {
    for (String d : List.of("lib", "lib-worker", "extlib", "extlib-daemon", "conf", "log4j2")) {
      Files.createDirectories(home.resolve(d));
    }
    for (String jar : jars) {
      Path from = Path.of(jar);
      Files.createSymbolicLink(home.resolve("lib").resolve(from.getFileName()), from);
      Files.createSymbolicLink(home.resolve("lib-worker").resolve(from.getFileName()), from);
    }
    Path loopback =
        Home.detect().root().resolve("engines/storm/target/streambench-engine-storm-loopback.jar");
    Files.createSymbolicLink(home.resolve("extlib").resolve(loopback.getFileName()), loopback);
    Files.createSymbolicLink(
        home.resolve("extlib-daemon").resolve(loopback.getFileName()), loopback);
    Files.writeString(
        home.resolve("conf/zoo.cfg"),
        String.join(
            "\n",
            "dataDir=" + home.resolve("zookeeper"),
            "clientPort=" + zooKeeperPort,
            "clientPortAddress=127.0.0.1",
            "admin.enableServer=false",
            "tickTime=2000",
            ""));
    StringBuilder ports = new StringBuilder();
    for (int i = 0; i < slots; i++) {
      ports.append(i == 0 ? "" : ", ").append(PublishedPorts.freePort());
    }
    Files.writeString(
        home.resolve("conf/storm.yaml"),
        String.join(
            "\n",
            "storm.zookeeper.servers: [\"127.0.0.1\"]",
            "storm.zookeeper.port: " + zooKeeperPort,
            "nimbus.seeds: [\"127.0.0.1\"]",
            "nimbus.thrift.port: " + nimbusPort,
            "supervisor.thrift.port: " + supervisorPort,
            "supervisor.slots.ports: [" + ports + "]",
            "storm.local.hostname: \"127.0.0.1\"",
            "storm.local.dir: \"" + home.resolve("local") + "\"",
            "storm.thrift.transport: \"org.streambench.engine.storm.LoopbackTransportPlugin\"",
            "storm.messaging.transport: \"org.streambench.engine.storm.LoopbackContext\"",
            "worker.childopts: \"-Xmx768m\"",
            // Nimbus reports an executor's uptime (what a submission to a user's cluster waits
            // for) from the worker's executor heartbeat in ZooKeeper, every this many seconds
            // (60 by default): its first, at the worker's start, comes before the executors exist
            "executor.metrics.frequency.secs: 1",
            ""));
    String log4j2 =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Configuration status="warn">
          <Appenders>
            <File name="file" fileName="%s">
              <PatternLayout pattern="%%d{HH:mm:ss.SSS} %%-5p [%%t] %%c{1} - %%m%%n"/>
            </File>
          </Appenders>
          <Loggers>
            <Root level="info"><AppenderRef ref="file"/></Root>
          </Loggers>
        </Configuration>
        """;
    Files.writeString(
        home.resolve("log4j2/cluster.xml"),
        log4j2.formatted("${sys:storm.log.dir}/${sys:logfile.name}"));
    Files.writeString(
        home.resolve("log4j2/worker.xml"),
        log4j2.formatted(
            "${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}"));
  }

  private static boolean serves(int port) {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      return s.isConnected();
    } catch (IOException e) {
      return false;
    }
  }
}
