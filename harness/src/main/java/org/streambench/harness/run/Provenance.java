package org.streambench.harness.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.streambench.api.Deployment;
import org.streambench.harness.Home;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ClassDataSharing;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;

/** Where a result came from: tool version and commit, host, JVMs, engine and Kafka versions. */
public final class Provenance {
  /** Where {@code --publish} writes results pages, relative to the checkout. */
  public static final String RESULTS_DIR = "docs/results/";

  private Provenance() {}

  /**
   * A run's provenance: tool, host, harness JVM, engine (from {@code engineInfo}, the info file of
   * its sole or first process) and its deployment, Kafka, Redis.
   */
  static Map<String, Object> ofRun(
      Home home,
      Path engineInfo,
      KafkaCluster kafka,
      Redis redis,
      Hadoop hadoop,
      RunRequest request) {
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("tool", tool(home));
    provenance.put("host", host());
    provenance.put("harnessJvm", harnessJvm());
    provenance.put("engine", engineInfo(engineInfo));
    Deployment d = request.deployment();
    provenance.put(
        "deployment",
        d.external()
            ? Map.of("kind", d.kind().id(), "address", d.address())
            : Map.of(
                "kind",
                d.kind().id(),
                "workers",
                d.workers(),
                "slotsPerWorker",
                d.slotsPerWorker()));
    provenance.put("kafka", kafka == null ? "not started" : kafka.description());
    if (redis != null) {
      provenance.put("redis", redis.description());
    }
    if (hadoop != null) {
      provenance.put("hadoop", hadoop.description());
    }
    provenance.put("cpuPlacement", request.cpus().isNone() ? "none" : request.cpus().asMap());
    provenance.put("seed", request.seed());
    return provenance;
  }

  /** The tool's own version and the commit of the checkout it runs from. */
  public static Map<String, Object> tool(Home home) {
    Map<String, Object> tool = new LinkedHashMap<>();
    tool.put("version", toolVersion());
    tool.put("commit", git(home, "rev-parse", "HEAD"));
    List<String> changes = uncommitted(home);
    tool.put("dirty", changes == null ? null : !changes.isEmpty());
    return tool;
  }

  /**
   * The paths of the checkout's uncommitted changes, the one meaning of "dirty" (in provenance and
   * for {@code --publish}): modified, staged and untracked files, not ignored ones, and not the
   * results pages under {@link #RESULTS_DIR}, which {@code --publish} itself writes. Null if this
   * is not a git checkout.
   */
  public static List<String> uncommitted(Home home) {
    String status = git(home, "status", "--porcelain", "--untracked-files=all");
    return status == null
        ? null
        : status
            .lines()
            .filter(l -> !l.isBlank())
            .map(Provenance::porcelainPath)
            .filter(p -> !p.startsWith(RESULTS_DIR))
            .toList();
  }

  /**
   * The path of a {@code git status --porcelain} line ({@code XY path}, or a rename's target); the
   * status may have lost its leading blank ({@code M path}).
   */
  static String porcelainPath(String porcelain) {
    String p = porcelain.replaceFirst("^[ MTADRCU?!]{1,2} +", "");
    int arrow = p.indexOf(" -> ");
    return arrow < 0 ? p : p.substring(arrow + 4);
  }

  public static String toolVersion() {
    Properties p = new Properties();
    try (InputStream in = Provenance.class.getResourceAsStream("/streambench-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return p.getProperty("version", "unknown");
  }

  /** Cores, memory, CPU model and operating system of this machine. */
  public static Map<String, Object> host() {
    Map<String, Object> host = new LinkedHashMap<>();
    // the machine's, not what a placement left the harness's own threads
    host.put("cores", CpuPlacement.machineProcessors());
    host.put("cpus", CpuPlacement.machineCpus());
    host.put("memoryBytes", memTotalBytes());
    host.put("cpuModel", cpuModel());
    host.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    return host;
  }

  /** The harness JVM, which runs the generator and the collector. */
  public static Map<String, Object> harnessJvm() {
    Map<String, Object> jvm = new LinkedHashMap<>();
    jvm.put("java", System.getProperty("java.version"));
    jvm.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    jvm.put("flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    // whether the broker's and engines' JVMs started from class-data sharing archives
    jvm.put("childClassDataSharing", ClassDataSharing.fromEnvironment().enabled() ? "on" : "off");
    return jvm;
  }

  /** What the engine process wrote about itself at start ({@code engine-info.properties}). */
  private static Map<String, String> engineInfo(Path file) {
    Map<String, String> info = new TreeMap<>();
    if (!Files.isRegularFile(file)) {
      return info;
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      info.put("error", e.getMessage());
      return info;
    }
    p.stringPropertyNames().forEach(k -> info.put(k, p.getProperty(k)));
    return info;
  }

  private static Long memTotalBytes() {
    return meminfo().stream()
        .filter(l -> l.startsWith("MemTotal:"))
        .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
        .findFirst()
        .orElse(null);
  }

  private static List<String> meminfo() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo"));
    } catch (IOException e) {
      return List.of();
    }
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String git(Home home, String... args) {
    try {
      List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", home.root().toString()));
      cmd.addAll(List.of(args));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return null;
      }
      return out;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
