package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.harness.Home;

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
  @Timeout(60)
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
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!sampler.latest().containsKey(child) || sampler.latest().get(child).cpuSeconds() < 1) {
        assertTrue(System.nanoTime() < deadline, "spawned JVM not sampled: " + sampler.latest());
        Thread.sleep(200);
      }
      // frozen, so that the group's and the child's reads (one after the other in a sample) see
      // the same CPU: a busy child gains a clock tick between them, which once failed this check
      long busy = parent.descendants().findFirst().orElseThrow().pid();
      signal("STOP", busy);
      Thread.sleep(2500); // two samples: the second reads both frozen
      var now = sampler.latest();
      double groupBefore = now.get("engine").cpuSeconds();
      assertTrue(groupBefore >= now.get(child).cpuSeconds(), "group counts it: " + now);
      signal("CONT", busy);
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.waitFor(10, TimeUnit.SECONDS);
      Thread.sleep(1500);
      assertTrue(
          sampler.latest().get("engine").cpuSeconds() >= groupBefore,
          "an ended process keeps its CPU in the group");
    } finally {
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.destroyForcibly();
    }
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
