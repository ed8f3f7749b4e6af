package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.harness.Home;
import org.streambench.harness.process.ProcessSampler.Sample;

/** The JVMs an engine process spawns are found, named and counted, also after they end. */
class SpawnedProcessesTest {
  @Test
  void namesAJvmByItsMainClassAndSkipsOtherProcesses() {
    assertEquals(
        "Worker",
        CpuSource.spawnedName(
            List.of(
                "/usr/lib/jvm/bin/java",
                "-Xmx1g",
                "-cp",
                "a.jar:b.jar",
                "org.apache.storm.daemon.worker.Worker",
                "topo-1")));
    assertEquals(
        "engine.jar", CpuSource.spawnedName(List.of("java", "-Dx=1", "-jar", "/x/engine.jar")));
    assertNull(CpuSource.spawnedName(List.of("/bin/sh", "-c", "java -cp x Main")));
    assertNull(CpuSource.spawnedName(List.of()));
  }

  @Test
  void aForkThatHasNotYetStartedItsOwnProgramIsNotASecondJvm() {
    List<String> executor =
        List.of(
            "java", "-cp", "spark.jar", "org.apache.spark.executor.CoarseGrainedExecutorBackend");
    assertNull(CpuSource.spawnedName(executor, executor), "the executor's fork, before its exec");
    assertEquals(
        "CoarseGrainedExecutorBackend",
        CpuSource.spawnedName(executor, List.of("java", "-cp", "spark.jar", "Worker")));
  }

  @Test
  @Timeout(90)
  void aSpawnedJvmIsSampledOnItsOwnAndInTheGroupAndKeepsItsCpuAfterItEnds() throws Exception {
    String java = Home.javaBinary().toString();
    String cp = System.getProperty("java.class.path");
    Process parent =
        new ProcessBuilder(
                "sh", "-c", "'" + java + "' -cp '" + cp + "' '" + Busy.class.getName() + "' & wait")
            .start();
    try (ProcessSampler sampler = new ProcessSampler()) {
      sampler.watchSpawning("engine/supervisor-1", parent.pid(), "engine");
      String main = Busy.class.getName();
      String child = "engine/supervisor-1/" + main.substring(main.lastIndexOf('.') + 1);
      // on the timer's own samples, not latest(), which samples when called and so would pass
      // with a timer that stopped; a second of CPU is a JVM started and busy, however slowly
      Map<String, Sample> sampled = nextSample(sampler);
      for (int n = 1; !sampled.containsKey(child) || sampled.get(child).cpuSeconds() < 1; n++) {
        assertTrue(n < MAX_SAMPLES, "spawned JVM not sampled: " + sampled);
        sampled = nextSample(sampler);
      }
      // frozen, so that the group's and the child's reads (one after the other in a sample) see
      // the same CPU: a busy child gains a clock tick between them, which once failed this check.
      // A sample whose child CPU is the one before's read both after it stopped.
      long busy = parent.descendants().findFirst().orElseThrow().pid();
      signal("STOP", busy);
      Map<String, Sample> before = sampled;
      sampled = nextSample(sampler);
      for (int n = 1; sampled.get(child).cpuSeconds() != before.get(child).cpuSeconds(); n++) {
        assertTrue(n < MAX_SAMPLES, "stopped JVM's CPU still grows: " + sampled);
        before = sampled;
        sampled = nextSample(sampler);
      }
      double groupBefore = sampled.get("engine").cpuSeconds();
      assertTrue(groupBefore >= sampled.get(child).cpuSeconds(), "group counts it: " + sampled);
      signal("CONT", busy);
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      assertTrue(parent.waitFor(10, TimeUnit.SECONDS));
      // two samples: the second begun after both processes ended
      nextSample(sampler);
      assertTrue(
          nextSample(sampler).get("engine").cpuSeconds() >= groupBefore,
          "an ended process keeps its CPU in the group");
    } finally {
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.destroyForcibly();
    }
  }

  /** Samples a test waits for at most, each: a JVM starting on a loaded machine takes a while. */
  private static final int MAX_SAMPLES = 30;

  /** The sampler's next once-a-second sample; fails if it takes none within ten seconds. */
  private static Map<String, Sample> nextSample(ProcessSampler sampler) throws Exception {
    Map<String, Sample> sampled = sampler.awaitSamples(1, Duration.ofSeconds(10));
    assertNotNull(sampled, "the sampler took no sample in 10 s");
    return sampled;
  }

  private static void signal(String signal, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor();
  }

  /** A JVM that burns CPU until it is killed (at most a minute). */
  public static final class Busy {
    public static void main(String[] args) {
      long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      long x = 0;
      while (System.nanoTime() < end) {
        x += System.nanoTime() % 7;
      }
      System.out.println(x);
    }
  }
}
