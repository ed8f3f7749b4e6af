package org.streambench.harness.hadoop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.CpuPlacement;

/**
 * The Hadoop a run uses for checkpoints on HDFS and engines on YARN: one the harness starts on this
 * machine (a NameNode, a DataNode, a ResourceManager and a NodeManager, each its own JVM from the
 * Hadoop jars of {@code hadoop/target/lib}, all on 127.0.0.1), or the user's, from its
 * configuration directory. Engines that use it as clients get {@link #classpath()}, as a Hadoop
 * user's {@code HADOOP_CLASSPATH}.
 */
public final class Hadoop implements AutoCloseable {
  /** The daemons in the order they start; they stop in the reverse order. */
  static final List<String> DAEMONS =
      List.of("namenode", "datanode", "resourcemanager", "nodemanager");

  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);
  private static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx512m", "-XX:+UseG1GC");
  private static final ObjectMapper JSON = new ObjectMapper();
  // HTTP/1.1: the DataNode's web server (Netty in front of Jetty) answers an HTTP/2 upgrade with
  // 400
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  private final Path confDir;
  private final Path libDir;
  private final String fsUri;
  private final Map<String, ChildProcess> daemons;
  private final Path dataDir;
  private final String description;
  private final String nameNodeHttp;
  private final String dataNodeHttp;

  private Hadoop(
      Path confDir,
      Path libDir,
      String fsUri,
      Map<String, ChildProcess> daemons,
      Path dataDir,
      String description,
      String nameNodeHttp,
      String dataNodeHttp) {
    this.confDir = confDir;
    this.libDir = libDir;
    this.fsUri = fsUri;
    this.daemons = daemons;
    this.dataDir = dataDir;
    this.description = description;
    this.nameNodeHttp = nameNodeHttp;
    this.dataNodeHttp = dataNodeHttp;
  }

  /** Where the NodeManager of the Hadoop started in {@code dir} keeps its containers' logs. */
  public static Path containerLogs(Path dir) {
    return dir.resolve("container-logs");
  }

  /** The Hadoop jars, as {@code share/hadoop}'s in a distribution. */
  public static Path libDir(Home home) {
    return home.root().resolve("hadoop/target/lib");
  }

  /**
   * Starts the four daemons with their configuration, logs ({@code <daemon>.log}) and data in
   * {@code dir}, under the placement's {@code hadoop} CPUs (else the broker's), and waits until
   * HDFS has its DataNode out of safe mode and YARN its NodeManager; the NodeManager offers {@code
   * nodeMemoryMb} and {@code nodeVcores} to containers.
   *
   * @param forContainers whether runs will put an engine's containers on its YARN: the NodeManager
   *     then runs on the engine's CPUs ({@link #cpuRole})
   * @throws IOException naming the daemon that did not start and its log's last lines
   */
  public static Hadoop start(
      Home home,
      Path dir,
      CpuPlacement cpus,
      boolean forContainers,
      int nodeMemoryMb,
      int nodeVcores,
      Consumer<String> progress)
      throws IOException, InterruptedException {
    Path lib = libDir(home);
    Path daemonJar = home.root().resolve("hadoop/target/streambench-hadoop.jar");
    Home.requireFile(daemonJar, "streambench's Hadoop module");
    Path confDir = dir.resolve("conf");
    Path dataDir = dir.resolve("data");
    HadoopConfig.Ports ports = HadoopConfig.Ports.free();
    HadoopConfig.write(confDir, dataDir, containerLogs(dir), lib, ports, nodeMemoryMb, nodeVcores);
    String fsUri = "hdfs://127.0.0.1:" + ports.nameNodeRpc();
    Map<String, ChildProcess> daemons = new LinkedHashMap<>();
    Hadoop hadoop =
        new Hadoop(
            confDir,
            lib,
            fsUri,
            daemons,
            dataDir,
            "embedded Hadoop on 127.0.0.1: HDFS "
                + fsUri
                + ", YARN 127.0.0.1:"
                + ports.resourceManager(),
            "127.0.0.1:" + ports.nameNodeHttp(),
            "127.0.0.1:" + ports.dataNodeHttp());
    try {
      String classpath = confDir + ":" + daemonJar + ":" + lib + "/*";
      ChildProcess format =
          hadoop.startDaemon(
              "namenode",
              List.of("-format", "-force", "-nonInteractive"),
              classpath,
              cpus.launcher(cpuRole("namenode", cpus, false)),
              dir.resolve("namenode-format.log"));
      if (!format.waitFor(FORMAT_TIMEOUT) || format.exitCode() != 0) {
        format.stop(1_000);
        throw new IOException(
            "formatting HDFS's name directory failed; its log ends:\n" + format.logTail(20));
      }
      for (String daemon : DAEMONS) {
        daemons.put(
            daemon,
            hadoop.startDaemon(
                daemon,
                List.of(),
                classpath,
                cpus.launcher(cpuRole(daemon, cpus, forContainers)),
                dir.resolve(daemon + ".log")));
      }
      hadoop.awaitReady(ports, progress);
      return hadoop;
    } catch (IOException | InterruptedException | RuntimeException e) {
      hadoop.close();
      throw e;
    }
  }

  /**
   * Starts {@code HadoopDaemon daemon args}, Hadoop's configuration directory in its environment.
   * Not {@code ChildProcess.startJava}: the configuration directory comes first on the classpath,
   * as Hadoop's scripts put it, and the daemons outlive any one run, so carry no run's tag.
   */
  private ChildProcess startDaemon(
      String daemon, List<String> args, String classpath, List<String> launcher, Path log)
      throws IOException {
    List<String> cmd = new ArrayList<>(launcher);
    cmd.add(Home.javaBinary().toString());
    cmd.addAll(JVM_OPTIONS);
    cmd.add("-Dstreambench.role=hadoop-" + daemon);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add("org.streambench.hadoop.HadoopDaemon");
    cmd.add(daemon);
    cmd.addAll(args);
    return ChildProcess.start(
        "hadoop-" + daemon,
        cmd,
        Map.of("HADOOP_CONF_DIR", confDir.toString(), "JAVA_HOME", System.getProperty("java.home")),
        log);
  }

  /**
   * The placement's role a daemon runs as. Where runs put an engine's containers on YARN ({@code
   * forContainers}) and the placement names the engine's CPUs, the NodeManager runs as {@code
   * engine}: the containers are its children and inherit its CPUs, as on a real worker node they
   * run beside their NodeManager. Every other daemon (and the NodeManager of a Hadoop only for
   * checkpoints) runs as {@code hadoop} where it is named, else as the broker, the other storage
   * service of the rig ({@code auto} places the rig's services on the rig's CPUs).
   */
  static String cpuRole(String daemon, CpuPlacement cpus, boolean forContainers) {
    if (forContainers && daemon.equals("nodemanager") && cpus.cpusOf("engine") != null) {
      return "engine";
    }
    return cpus.cpusOf("hadoop") != null ? "hadoop" : "broker";
  }

  /** The user's Hadoop, as its configuration directory ({@code HADOOP_CONF_DIR}) describes it. */
  public static Hadoop external(Home home, Path confDir) {
    String fs = SiteXml.value(confDir.resolve("core-site.xml"), "fs.defaultFS");
    return new Hadoop(
        confDir,
        libDir(home),
        fs,
        Map.of(),
        null,
        "external Hadoop of " + confDir + ": " + fs,
        null,
        null);
  }

  private void awaitReady(HadoopConfig.Ports ports, Consumer<String> progress)
      throws IOException, InterruptedException {
    String nameNode =
        "http://127.0.0.1:"
            + ports.nameNodeHttp()
            + "/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState";
    String yarn = "http://127.0.0.1:" + ports.resourceManagerHttp() + "/ws/v1/cluster/metrics";
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    boolean hdfsUp = false;
    while (true) {
      for (var d : daemons.entrySet()) {
        if (!d.getValue().isAlive()) {
          throw new IOException(
              "the Hadoop "
                  + d.getKey()
                  + " exited with code "
                  + d.getValue().exitCode()
                  + "; its log ends:\n"
                  + d.getValue().logTail(20));
        }
      }
      if (!hdfsUp) {
        JsonNode state = get(HTTP, nameNode).path("beans").path(0);
        hdfsUp =
            state.path("NumLiveDataNodes").asInt() >= 1
                && "Operational".equals(state.path("FSState").asText());
        if (hdfsUp) {
          progress.accept("HDFS ready: " + fsUri);
        }
      }
      if (hdfsUp && get(HTTP, yarn).path("clusterMetrics").path("activeNodes").asInt() >= 1) {
        progress.accept("YARN ready: a NodeManager registered with the ResourceManager");
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException(
            "Hadoop did not become ready in "
                + START_TIMEOUT.toSeconds()
                + " s ("
                + (hdfsUp ? "no NodeManager registered" : "HDFS had no live DataNode")
                + "); logs in "
                + confDir.getParent());
      }
      Thread.sleep(250);
    }
  }

  /** The JSON at {@code url}, or an empty node while the daemon does not answer yet. */
  private static JsonNode get(HttpClient http, String url) throws InterruptedException {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? JSON.readTree(r.body()) : JSON.missingNode();
    } catch (IOException e) {
      return JSON.missingNode();
    }
  }

  /**
   * The DataNode's bytes and blocks written since it started, from its JMX; null where unknown (the
   * user's Hadoop, whose DataNodes are not ours to sum).
   */
  public long[] dataNodeWrites() throws InterruptedException {
    if (dataNodeHttp == null) {
      return null;
    }
    JsonNode bean =
        get(
                HTTP,
                "http://"
                    + dataNodeHttp
                    + "/jmx?qry=Hadoop:service=DataNode,name=DataNodeActivity-*")
            .path("beans")
            .path(0);
    return bean.isMissingNode()
        ? null
        : new long[] {bean.path("BytesWritten").asLong(), bean.path("BlocksWritten").asLong()};
  }

  /**
   * The files and bytes under {@code path} on HDFS by the NameNode's content summary ({0, 0} when
   * it does not exist); null where unknown.
   */
  public long[] contentSummary(String path) throws InterruptedException {
    if (nameNodeHttp == null) {
      return null;
    }
    try {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(
                      URI.create(
                          "http://"
                              + nameNodeHttp
                              + "/webhdfs/v1"
                              + path
                              + "?op=GETCONTENTSUMMARY&user.name=streambench"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() == 404) {
        return new long[] {0, 0};
      }
      JsonNode summary = JSON.readTree(r.body()).path("ContentSummary");
      return r.statusCode() != 200 || summary.isMissingNode()
          ? null
          : new long[] {summary.path("fileCount").asLong(), summary.path("length").asLong()};
    } catch (IOException e) {
      return null;
    }
  }

  /** HDFS's address, {@code hdfs://127.0.0.1:PORT}. */
  public String fsUri() {
    return fsUri;
  }

  /** The classpath that gives a client process Hadoop: its configuration, then its jars. */
  public String classpath() {
    return confDir + ":" + libDir + "/*";
  }

  public Path confDir() {
    return confDir;
  }

  /**
   * The log directory of YARN application {@code applicationId}'s containers (one directory per
   * container: its {@code *.out}, {@code *.err} and launch script), on the Hadoop the harness
   * started; empty for the user's.
   */
  public Optional<Path> containerLogsOf(String applicationId) {
    return dataDir == null
        ? Optional.empty()
        : Optional.of(containerLogs(dataDir.getParent()).resolve(applicationId));
  }

  /** The daemons the harness started, by name; none for the user's Hadoop. */
  public Map<String, ChildProcess> daemons() {
    return daemons;
  }

  public String description() {
    return description;
  }

  /**
   * Stops the daemons in the reverse order of their start (a NodeManager stops its containers);
   * their logs stay, their data (blocks, the name directory) goes.
   */
  @Override
  public void close() {
    List<String> reverse = new ArrayList<>(daemons.keySet());
    java.util.Collections.reverse(reverse);
    for (String d : reverse) {
      daemons.get(d).stop(15_000);
    }
    if (dataDir != null) {
      deleteQuietly(dataDir);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // what is left is in the session's directory, which says whose it was
    }
  }
}
