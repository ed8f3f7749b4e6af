package org.streambench.harness.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.results.ProcessProfile;

/** The real async-profiler, loaded into this test's JVM, profiling a loop of this class. */
class CpuProfilerTest {
  private static volatile long sink;

  @Test
  void profilesAProcessIntoARecordingAFlameGraphAndOwnedShares(@TempDir Path dir) throws Exception {
    Path runDir = Files.createDirectories(dir.resolve("run"));
    // compiled before the profile starts: on a busy machine the JIT's threads compiling the loop
    // took half of the profile's samples, not the loop
    long warm = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    while (System.nanoTime() < warm) {
      sink += spin(1_000);
    }
    try (CpuProfiler profiler = CpuProfiler.forRun(dir.resolve("data"), runDir)) {
      profiler.start(Map.of("harness", ProcessHandle.current().pid()));
      profiler.awaitStarted(Duration.ofSeconds(60)); // 2 s of spinning, all of it profiled
      long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
      while (System.nanoTime() < until) {
        sink += spin(1_000);
      }
      List<ProcessProfile> profiles = profiler.profiles(Duration.ofMinutes(1), true);

      assertEquals(1, profiles.size());
      ProcessProfile p = profiles.get(0);
      assertNull(p.error(), p.error());
      assertTrue(p.samples() > 50, "samples: " + p.samples());
      assertTrue(Files.size(runDir.resolve(p.recording())) > 0);
      assertTrue(Files.readString(runDir.resolve(p.flameGraph())).contains("CpuProfilerTest"));
      // this test's class is in the harness's packages: the loop is the harness's CPU
      assertTrue(p.owners().getOrDefault("harness", 0.0) > 0.5, "owners: " + p.owners());
      assertTrue(
          p.topTotal().stream().anyMatch(f -> f.frame().endsWith("CpuProfilerTest.spin")),
          "top total: " + p.topTotal());
    }
  }

  @Test
  void aProcessThatCannotBeProfiledSaysWhy(@TempDir Path dir) throws Exception {
    try (CpuProfiler profiler = CpuProfiler.forRun(dir.resolve("data"), dir)) {
      profiler.start(Map.of("engine", Long.MAX_VALUE - 1));
      ProcessProfile p = profiler.profiles(Duration.ofMinutes(1), true).get(0);
      assertTrue(p.error().startsWith("could not start"), p.error());
      assertEquals(0, p.samples());
    }
  }

  /**
   * A process paused (SIGSTOP, as a pause fault does) when the steady state ends cannot answer the
   * stop: it gets no profile, and neither the run nor the other processes' profiles wait on it.
   */
  @Test
  void aPausedProcessHasNoProfileAndHoldsNothingUp(@TempDir Path dir) throws Exception {
    Process child =
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElseThrow(),
                "-cp",
                System.getProperty("java.class.path"),
                Idle.class.getName())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.log").toFile())
            .start();
    try (CpuProfiler profiler = CpuProfiler.forRun(dir.resolve("data"), dir)) {
      awaitMain(dir.resolve("child.log")); // the child JVM's attach listener is up once main runs
      profiler.start(Map.of("engine", child.pid(), "harness", ProcessHandle.current().pid()));
      // paused while its attach is still under way (a loaded machine), the child would not even
      // start its profile, which is another case than the one under test
      profiler.awaitStarted(Duration.ofSeconds(60));
      long until = System.nanoTime() + Duration.ofMillis(1500).toNanos();
      while (System.nanoTime() < until) {
        sink += spin(1_000); // CPU samples for the harness's profile
      }
      signal("STOP", child.pid());
      long started = System.nanoTime();
      List<ProcessProfile> profiles = profiler.profiles(Duration.ofSeconds(30), true);
      double seconds = (System.nanoTime() - started) / 1e9;

      assertTrue(seconds < CpuProfiler.COMMAND_TIMEOUT.toSeconds() + 10, "took " + seconds + " s");
      ProcessProfile engine =
          profiles.stream().filter(p -> p.process().equals("engine")).findFirst().orElseThrow();
      ProcessProfile harness =
          profiles.stream().filter(p -> p.process().equals("harness")).findFirst().orElseThrow();
      assertTrue(
          engine.error() != null && engine.error().startsWith("not stopped"), engine.error());
      assertNull(harness.error(), harness.error());
    } finally {
      signal("CONT", child.pid());
      child.destroyForcibly().waitFor();
    }
  }

  /**
   * Waits for the child's main to run: a fixed sleep was not enough on a loaded machine, where the
   * JVM had not started its main after a second and the attach then missed its deadline.
   */
  private static void awaitMain(Path log) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!(Files.exists(log) && Files.readString(log).contains(Idle.RUNNING))) {
      assertTrue(System.nanoTime() < deadline, "the child JVM did not start its main in 60 s");
      Thread.sleep(50);
    }
  }

  private static void signal(String signal, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor();
  }

  /** A JVM that idles until it is killed. */
  public static final class Idle {
    static final String RUNNING = "idle";

    public static void main(String[] args) throws InterruptedException {
      System.out.println(RUNNING);
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  private static long spin(int n) {
    long x = 0;
    for (int i = 0; i < n; i++) {
      x += Long.toString(i * 31L).hashCode();
    }
    return x;
  }
}
