package org.streambench.harness.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.Home;

/**
 * A Flink session cluster as a user runs one, started the way Flink's own {@code jobmanager.sh} and
 * {@code taskmanager.sh} start it: Flink's jars only (the classpath of a distribution's {@code
 * lib/} from the Maven jars, {@code engines/flink/target/flink-distribution.classpath}: no
 * streambench class, no Kafka connector), one {@code config.yaml}, the memory flags printed by
 * Flink's {@code BashJavaUtils}, a JobManager and one TaskManager with {@code slots} slots, each
 * its own process on 127.0.0.1. Nothing of a streambench run's own cluster mode is used.
 */
final class UserFlinkCluster implements AutoCloseable {
  private static final String RESULT = "BASH_JAVA_UTILS_EXEC_RESULT:";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final String classpath;
  private final int restPort;
  private final List<Process> processes = new ArrayList<>();

  private UserFlinkCluster(Path dir, String classpath, int restPort) {
    this.dir = dir;
    this.classpath = classpath;
    this.restPort = restPort;
  }

  /** Starts the cluster in {@code dir}; returns once its TaskManager has registered. */
  static UserFlinkCluster start(Path dir, int slots) throws Exception {
    Path cp = Home.detect().root().resolve("engines/flink/target/flink-distribution.classpath");
    UserFlinkCluster cluster = new UserFlinkCluster(dir, Files.readString(cp).trim(), freePort());
    try {
      cluster.writeConfig(slots);
      cluster.startDaemon(
          "jobmanager",
          "GET_JM_RESOURCE_PARAMS",
          "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint");
      cluster.startDaemon(
          "taskmanager",
          "GET_TM_RESOURCE_PARAMS",
          "org.apache.flink.runtime.taskexecutor.TaskManagerRunner");
      cluster.awaitSlots(slots, Duration.ofSeconds(90));
      return cluster;
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  String restUrl() {
    return "http://127.0.0.1:" + restPort;
  }

  /** {@code GET /overview}: TaskManagers, slots and jobs by state. */
  JsonNode overview() throws IOException, InterruptedException {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(restUrl() + "/overview"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(r.body());
  }

  private void writeConfig(int slots) throws IOException {
    Files.createDirectories(dir.resolve("conf"));
    Files.writeString(
        dir.resolve("conf/config.yaml"),
        String.join(
            "\n",
            "jobmanager.rpc.address: 127.0.0.1",
            "jobmanager.rpc.port: " + freePort(),
            "jobmanager.bind-host: 127.0.0.1",
            "rest.address: 127.0.0.1",
            "rest.bind-address: 127.0.0.1",
            "rest.port: " + restPort,
            "taskmanager.host: 127.0.0.1",
            "taskmanager.bind-host: 127.0.0.1",
            "taskmanager.numberOfTaskSlots: " + slots,
            "jobmanager.memory.process.size: 1024m",
            "taskmanager.memory.process.size: 1536m",
            ""));
  }

  /** As Flink's scripts: ask BashJavaUtils for the memory flags, then start the daemon on them. */
  private void startDaemon(String name, String resourceParams, String mainClass)
      throws IOException, InterruptedException {
    List<String> resolved = resourceParams(resourceParams);
    List<String> cmd = new ArrayList<>(List.of(Home.javaBinary().toString()));
    cmd.addAll(words(resolved.get(0)));
    cmd.addAll(List.of("-cp", classpath, mainClass, "--configDir", dir.resolve("conf").toString()));
    cmd.addAll(words(resolved.get(1)));
    processes.add(
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + ".log").toFile())
            .start());
  }

  private List<String> resourceParams(String command) throws IOException, InterruptedException {
    Path out = dir.resolve(command + ".out");
    Process p =
        new ProcessBuilder(
                Home.javaBinary().toString(),
                "-cp",
                classpath,
                "org.apache.flink.runtime.util.bash.BashJavaUtils",
                command,
                "--configDir",
                dir.resolve("conf").toString())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException(
          "BashJavaUtils " + command + " failed: " + Files.readString(out));
    }
    List<String> lines =
        Files.readAllLines(out).stream()
            .filter(l -> l.startsWith(RESULT))
            .map(l -> l.substring(RESULT.length()))
            .toList();
    if (lines.size() < 2) {
      throw new IllegalStateException("BashJavaUtils " + command + ": " + Files.readString(out));
    }
    return lines.subList(lines.size() - 2, lines.size());
  }

  private void awaitSlots(int slots, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException("a Flink daemon exited; see " + dir);
        }
      }
      try {
        if (overview().path("slots-available").asInt() >= slots) {
          return;
        }
      } catch (IOException e) {
        // not serving yet
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no " + slots + " slots after " + timeout + "; see " + dir);
      }
      Thread.sleep(200);
    }
  }

  private static List<String> words(String s) {
    return List.of(s.trim().split("\\s+"));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() {
    for (Process p : processes) {
      p.destroy();
    }
    for (Process p : processes) {
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
