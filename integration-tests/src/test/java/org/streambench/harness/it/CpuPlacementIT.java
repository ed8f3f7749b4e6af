package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.harness.Home;
import org.streambench.harness.process.CpuList;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * {@code --cpus engine=1,broker=0,driver=0} on a Spark cluster deployment, run as a user runs it
 * (the harness's own JVM, which pins itself): every engine process, the executor JVM a Spark Worker
 * spawns included, is recorded as allowed CPU 1 only, the broker and the harness's threads CPU 0
 * only, and {@code show} prints them. Spark's executors are started by its Workers, not by the
 * harness, so they prove that a role's CPUs reach what its processes spawn.
 */
class CpuPlacementIT {
  private static final String ENGINE = "spark";

  @Test
  @Timeout(360)
  void spawnedEngineProcessesInheritTheirRolesCpus() throws Exception {
    assumeTrue(TestEngines.isSelected(ENGINE), "spark is not among the selected engines");
    String machine = CpuPlacement.machineCpus();
    assumeTrue(
        CpuList.count(CpuList.union(List.of(machine, "0-1"))) == CpuList.count(machine),
        "needs CPUs 0 and 1, has " + machine);
    Home checkout = Home.detect();
    Path data = Files.createTempDirectory("streambench-it-cpus-");
    boolean passed = false;
    try {
      Process harness =
          harness(
              checkout,
              data,
              "run",
              "--engine",
              ENGINE,
              "--deployment",
              "cluster",
              "--workers",
              "1",
              "--parallelism",
              "1",
              "--mode",
              "drain",
              "--records",
              "20000",
              "--cpus",
              "engine=1,broker=0,driver=0");
      assertTrue(harness.waitFor(300, TimeUnit.SECONDS), "run within 5 min");
      String out = Files.readString(data.resolve("harness.out"));
      assertEquals(0, harness.exitValue(), out);

      RunResult r = result(data);
      assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
      assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
      assertEquals(
          Map.of("engine", "1", "broker", "0", "driver", "0"), r.provenance().get("cpuPlacement"));
      assertEquals("engine=1 broker=0 driver=0", r.config().get("run.cpus"));
      List<ProcessUsage> engine =
          r.processes().stream()
              .filter(p -> p.role().equals("engine") || p.role().startsWith("engine/"))
              .toList();
      assertTrue(
          engine.stream()
              .anyMatch(p -> p.role().equals("engine/worker-1/CoarseGrainedExecutorBackend")),
          "the executor the Worker spawned is sampled: " + r.processes());
      assertTrue(
          engine.stream().anyMatch(p -> p.role().equals("engine/master")),
          r.processes().toString());
      for (ProcessUsage p : engine) {
        assertEquals("1", p.allowedCpus(), p.role());
      }
      for (String role : List.of("broker", "harness", "generator", "collector")) {
        assertEquals("0", usage(r, role).allowedCpus(), role);
      }

      Process show = harness(checkout, data, "show", r.runId());
      assertTrue(show.waitFor(60, TimeUnit.SECONDS));
      List<String> table = Files.readAllLines(data.resolve("harness.out"), StandardCharsets.UTF_8);
      assertTrue(
          table.stream().anyMatch(l -> l.matches("CPU placement\\s+engine=1 broker=0 driver=0")),
          String.join("\n", table));
      assertTrue(table.stream().anyMatch(l -> l.matches("allowed CPUs engine\\s+1")));
      assertTrue(
          table.stream().anyMatch(l -> l.matches("\\s+worker-1/CoarseGrainedExecutorBackend\\s+1")),
          String.join("\n", table));
      assertTrue(table.stream().anyMatch(l -> l.matches("allowed CPUs broker\\s+0")));
      passed = true;
    } finally {
      FailureIT.processesUnder(data).forEach(ProcessHandle::destroyForcibly);
      if (passed) {
        SharedBroker.deleteTree(data);
      } else {
        System.out.println("kept " + data + ": the test failed");
      }
    }
  }

  /** The harness jar as its own JVM, with {@code args}, its output in {@code harness.out}. */
  private static Process harness(Home checkout, Path data, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Home.javaBinary().toString());
    cmd.add("-Dstreambench.home=" + checkout.root());
    cmd.add("-jar");
    cmd.add(checkout.root().resolve("harness/target/streambench-harness.jar").toString());
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("--data-dir", data.toString()));
    return new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(data.resolve("harness.out").toFile())
        .start();
  }

  private static RunResult result(Path data) throws Exception {
    try (Stream<Path> files = Files.walk(data, 2)) {
      Path json =
          files
              .filter(p -> p.getFileName().toString().equals("result.json"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no result.json under " + data));
      return ResultJson.fromJson(Files.readString(json));
    }
  }

  private static ProcessUsage usage(RunResult r, String role) {
    return r.processes().stream()
        .filter(p -> p.role().equals(role))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no process " + role + ": " + r.processes()));
  }
}
