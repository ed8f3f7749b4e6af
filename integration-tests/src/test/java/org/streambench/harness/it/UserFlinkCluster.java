package org.streambench.harness.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.Home;

/**
 * A Flink session cluster as a user runs one, started the way Flink's {@code jobmanager.sh} and
 * {@code taskmanager.sh} start it: Flink's jars only, one {@code config.yaml}, the memory flags
 * printed by Flink's {@code BashJavaUtils}, a JobManager and one TaskManager with {@code slots}
 * slots.
 */
final class UserFlinkCluster extends UserCluster {
  private static final String RESULT = "BASH_JAVA_UTILS_EXEC_RESULT:";

  private final String classpath;
  private final int restPort;

  private UserFlinkCluster(Path dir) throws IOException {
    super(dir, "flink");
    this.classpath = String.join(java.io.File.pathSeparator, jars);
    this.restPort = PublishedPorts.freePort();
  }

  /** Starts the cluster in {@code dir}; returns once its TaskManager has registered. */
  static UserFlinkCluster start(Path dir, int slots) throws Exception {
    return bringUp(
        new UserFlinkCluster(dir),
        cluster -> {
          cluster.writeConfig(slots);
          cluster.startDaemon(
              "jobmanager",
              "GET_JM_RESOURCE_PARAMS",
              "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint");
          cluster.startDaemon(
              "taskmanager",
              "GET_TM_RESOURCE_PARAMS",
              "org.apache.flink.runtime.taskexecutor.TaskManagerRunner");
          cluster.await(
              slots + " free slots",
              Duration.ofSeconds(90),
              () -> cluster.overview().path("slots-available").asInt() >= slots);
        });
  }

  @Override
  String address() {
    return "http://127.0.0.1:" + restPort;
  }

  @Override
  boolean idle() throws IOException, InterruptedException {
    JsonNode o = overview();
    return o.path("jobs-running").asInt() == 0
        && o.path("slots-available").asInt() == o.path("slots-total").asInt();
  }

  /** {@code GET /overview}: TaskManagers, slots and jobs by state. */
  JsonNode overview() throws IOException, InterruptedException {
    return getJson(address() + "/overview");
  }

  private void writeConfig(int slots) throws IOException {
    Files.createDirectories(dir.resolve("conf"));
    Files.writeString(
        dir.resolve("conf/config.yaml"),
        String.join(
            "\n",
            "jobmanager.rpc.address: 127.0.0.1",
            "jobmanager.rpc.port: " + PublishedPorts.freePort(),
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
    List<String> args = new ArrayList<>(List.of("--configDir", dir.resolve("conf").toString()));
    args.addAll(words(resolved.get(1)));
    start(name, words(resolved.get(0)), classpath, mainClass, args, Map.of());
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
}
