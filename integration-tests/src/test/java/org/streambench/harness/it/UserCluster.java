package org.streambench.harness.it;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.Home;

/**
 * An engine's cluster as a user runs one, for the tests of runs on the user's own cluster: its
 * daemons started by the test as plain processes of the engine's own main classes, on the jars of
 * the engine's distribution (the Maven jars the engine module lists in {@code
 * target/<engine>-distribution.classpath}: no streambench class, no Kafka connector), all on
 * 127.0.0.1. Nothing of a streambench run's own cluster deployment is used.
 */
abstract class UserCluster implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  final Path dir;
  final List<String> jars;
  private final List<Process> processes = new ArrayList<>();

  UserCluster(Path dir, String engine) throws IOException {
    this.dir = dir;
    Path cp =
        Home.detect()
            .root()
            .resolve("engines/" + engine + "/target/" + engine + "-distribution.classpath");
    this.jars = List.of(Files.readString(cp).trim().split(java.io.File.pathSeparator));
  }

  /** What the run's option names: a REST URL, a master URL. */
  abstract String address();

  /** Whether the cluster runs no job of ours any more (it was cancelled or stopped). */
  abstract boolean idle() throws IOException, InterruptedException;

  /**
   * Starts {@code java jvmOptions -cp classpath mainClass args} with {@code env}, logged to
   * NAME.log.
   */
  Process start(
      String name,
      List<String> jvmOptions,
      String classpath,
      String mainClass,
      List<String> args,
      Map<String, String> env)
      throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Home.javaBinary().toString()));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", classpath, mainClass));
    cmd.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + ".log").toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  /** Waits until {@code ready} holds, failing if a daemon exits first. */
  void await(String what, Duration timeout, Check ready) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException("a daemon exited before " + what + "; see " + dir);
        }
      }
      try {
        if (ready.holds()) {
          return;
        }
      } catch (IOException e) {
        // not serving yet
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no " + what + " after " + timeout + "; see " + dir);
      }
      Thread.sleep(200);
    }
  }

  /** What brings a cluster up: its daemons started, and awaited. */
  @FunctionalInterface
  interface StartUp<C extends UserCluster> {
    void run(C cluster) throws Exception;
  }

  /** Brings {@code cluster} up; if that fails, stops the daemons started so far and rethrows. */
  static <C extends UserCluster> C bringUp(C cluster, StartUp<C> startUp) throws Exception {
    try {
      startUp.run(cluster);
      return cluster;
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  /** A condition on the cluster. */
  @FunctionalInterface
  interface Check {
    boolean holds() throws IOException, InterruptedException;
  }

  /** GET of a JSON document. */
  static JsonNode getJson(String url) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(r.body());
  }

  static List<String> words(String s) {
    return List.of(s.trim().split("\\s+"));
  }

  /** Stops every daemon (and what it started), the way a user's stop scripts do. */
  @Override
  public void close() {
    for (Process p : processes) {
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
    }
    for (Process p : processes) {
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
