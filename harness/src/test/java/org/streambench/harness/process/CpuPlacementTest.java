package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.streambench.harness.UsageException;

class CpuPlacementTest {
  @TempDir Path dir;

  @Test
  void rolesAndListsAreReadInLinuxSyntaxAndWrittenCanonically() {
    CpuPlacement p = CpuPlacement.parse("driver=0, engine=3,1,2,6 broker=0-1;redis=4-5", "--cpus");
    assertEquals(
        Map.of("engine", "1-3,6", "broker", "0-1", "driver", "0", "redis", "4-5"), p.asMap());
    assertEquals(List.of("engine", "broker", "driver", "redis"), List.copyOf(p.asMap().keySet()));
    assertEquals("engine=1-3,6 broker=0-1 driver=0 redis=4-5", p.describe());
    assertEquals(p, CpuPlacement.parse(p.describe(), "again"));
    // a repeated option's values are one placement
    assertEquals(
        CpuPlacement.parse("engine=1,broker=0", "--cpus"),
        CpuPlacement.parse(List.of("engine=1", "broker=0"), "--cpus"));
  }

  @Test
  void autoGivesTheEngineTheUpperHalfAndTheRigTheLowerHalf() {
    assertEquals(
        Map.of("engine", "1", "broker", "0", "driver", "0", "redis", "0"),
        CpuPlacement.auto("0-1", "--cpus").asMap());
    assertEquals(
        Map.of("engine", "4-7", "broker", "0-3", "driver", "0-3", "redis", "0-3"),
        CpuPlacement.auto("0-7", "--cpus").asMap());
    assertEquals(
        Map.of("engine", "5,7", "broker", "2-3", "driver", "2-3", "redis", "2-3"),
        CpuPlacement.auto("2-3,5,7", "--cpus").asMap(),
        "the CPUs this process may use");
    assertSame(CpuPlacement.NONE, CpuPlacement.auto("0", "--cpus"), "one CPU: nothing to split");
  }

  @Test
  void nothingAskedIsNoPlacement() {
    for (String none : new String[] {null, "", "  ", "none"}) {
      assertSame(CpuPlacement.NONE, CpuPlacement.parse(none, "--cpus"));
    }
    assertTrue(CpuPlacement.NONE.isNone());
    assertEquals("none", CpuPlacement.NONE.describe());
    assertEquals(List.of(), CpuPlacement.NONE.launcher("engine"));
    assertEquals(List.of("java"), CpuPlacement.NONE.command("engine", List.of("java")));
    CpuPlacement.NONE.requireUsableHere(); // needs neither taskset nor any CPU
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu=1 | --cpus: unknown role 'gpu' in 'gpu=1' (roles: engine, master, worker, broker, driver, redis, hadoop)",
        "engine=a | --cpus: 'a' of role engine is not a CPU list (Linux syntax: 0-3,6)",
        "engine=3-1 | --cpus: '3-1' of role engine is not a CPU list",
        "engine=1- | --cpus: '1-' of role engine is not a CPU list",
        "engine=-1 | --cpus: '-1' of role engine is not a CPU list",
        "engine=99999 | --cpus: '99999' of role engine is not a CPU list",
        "engine=0-9000 | --cpus: '0-9000' of role engine is not a CPU list",
        "1 | --cpus: '1' must be ROLE=CPUS, e.g. engine=1,broker=0,driver=0",
        "1,engine=0 | --cpus: '1,engine=0' must be ROLE=CPUS",
        "engine= | --cpus: role engine has no CPUs in 'engine='",
        "engine=1,broker=0,engine=0 | --cpus: role engine is given twice",
        "=1 | --cpus: unknown role ''",
      })
  void badInputIsRefusedInOneLine(String spec, String message) {
    UsageException e =
        assertThrows(UsageException.class, () -> CpuPlacement.parse(spec.trim(), "--cpus"));
    assertTrue(e.getMessage().startsWith(message.trim()), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void aCpuTheMachineHasNotIsRefused() {
    CpuPlacement p = CpuPlacement.parse("engine=1,broker=0-2,driver=0", "--cpus");
    p.requireWithin("0-2");
    UsageException e = assertThrows(UsageException.class, () -> p.requireWithin("0-1"));
    assertEquals(
        "--cpus: CPU 2 of role broker is not on this machine (its CPUs: 0-1)", e.getMessage());
    assertThrows(
        UsageException.class,
        () -> CpuPlacement.parse("engine=8191", "--cpus").requireUsableHere());
  }

  @Test
  void workersAndMastersTakeTheEnginesCpusUnlessNamed() {
    CpuPlacement p = CpuPlacement.parse("engine=1,master=0", "--cpus");
    assertEquals("1", p.cpusOf("engine"));
    assertEquals("1", p.cpusOf("worker"));
    assertEquals("0", p.cpusOf("master"));
    assertNull(p.cpusOf("broker"));
    assertTrue(p.namesClusterRoles());
    assertTrue(!CpuPlacement.parse("engine=1", "--cpus").namesClusterRoles());
  }

  @Test
  void aChildStartsUnderTasksetWithItsRolesCpusOrAllOfTheMachines() {
    CpuPlacement p = CpuPlacement.parse("engine=1,driver=0", "--cpus");
    assertEquals(
        List.of("taskset", "-c", "1", "java", "-version"),
        p.command("engine", List.of("java", "-version")));
    assertEquals(List.of("taskset", "-c", "1"), p.launcher("worker"));
    // not the driver's, which a child of a pinned harness would otherwise inherit
    assertEquals(List.of("taskset", "-c", CpuPlacement.machineCpus()), p.launcher("broker"));
  }

  @Test
  void listsCountAndJoin() {
    assertEquals(5, CpuList.count("0-3,6"));
    assertEquals(1, CpuList.count("1"));
    assertEquals(0, CpuList.count(null));
    assertEquals(0, CpuList.count("x"));
    assertEquals("0-2,5", CpuList.union(Arrays.asList("1", null, "0,2", "5")));
    assertNull(CpuList.union(List.of()));
    assertEquals("0-1", CpuList.format(new TreeSet<>(Set.of(1, 0))));
    assertEquals("0,2,4-5", CpuList.format(new TreeSet<>(Set.of(0, 2, 4, 5))));
  }

  @Test
  void thisProcessesAllowedCpusAreReadFromProc() {
    assumeTrue(Files.exists(Path.of("/proc/self/status")), "Linux only");
    String own = CpuList.ofProcess(ProcessHandle.current().pid());
    assertTrue(CpuList.count(own) > 0, own);
    assertNull(CpuList.ofProcess(-1));
  }

  /** Affinity set on a child is inherited by what it spawns: a Storm worker, a Spark executor. */
  @Test
  void whatAPlacedChildSpawnsRunsOnItsCpus() throws Exception {
    assumeTrue(tasksetHere(), "needs taskset");
    String last = lastCpu();
    CpuPlacement p = CpuPlacement.parse("engine=" + last, "--cpus");
    ChildProcess child =
        ChildProcess.start(
            "engine",
            p.command("engine", List.of("/bin/sh", "-c", "sleep 30 & sleep 30 & cat >/dev/null")),
            dir.resolve("child.log"));
    try {
      List<ProcessHandle> spawned = List.of();
      // the two sleeps and cat
      for (int i = 0; i < 100 && spawned.size() < 3; i++) {
        Thread.sleep(50);
        spawned = ProcessHandle.of(child.pid()).orElseThrow().descendants().toList();
      }
      assertEquals(3, spawned.size());
      assertEquals(last, CpuList.ofProcess(child.pid()));
      for (ProcessHandle s : spawned) {
        assertEquals(last, CpuList.ofProcess(s.pid()), "spawned " + s.pid());
      }
    } finally {
      child.stop(1_000);
    }
  }

  /**
   * The driver's pin covers the harness's threads that exist ({@code taskset -a}) and those started
   * after it; closing it gives them back what they had.
   */
  @Test
  void theDriverPinCoversEveryThreadAndIsUndone() throws Exception {
    assumeTrue(tasksetHere(), "needs taskset");
    Map<String, String> before = threadCpus();
    CpuPlacement p = CpuPlacement.parse("driver=0", "--cpus");
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    CpuPlacement.Pin pin = p.pinDriver();
    Thread later =
        new Thread(
            () -> {
              started.countDown();
              try {
                done.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    try {
      later.start();
      started.await();
      Map<String, String> pinned = threadCpus();
      assertTrue(pinned.size() > 1);
      pinned.values().removeIf(cpus -> cpus.equals("gone")); // ended meanwhile
      pinned.forEach((tid, cpus) -> assertEquals("0", cpus, "thread " + tid));
    } finally {
      pin.close();
      done.countDown();
      later.join();
    }
    Map<String, String> after = threadCpus();
    before.forEach(
        (tid, cpus) -> {
          if (after.containsKey(tid) && !after.get(tid).equals("gone")) {
            assertEquals(cpus, after.get(tid), "thread " + tid + " got its CPUs back");
          }
        });
  }

  /** Every thread of this JVM and the CPUs it may run on. */
  private static Map<String, String> threadCpus() throws IOException {
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      return tasks.collect(
          Collectors.toMap(
              t -> t.getFileName().toString(),
              t -> {
                try {
                  return Files.readAllLines(t.resolve("status")).stream()
                      .filter(l -> l.startsWith("Cpus_allowed_list:"))
                      .map(l -> l.substring(l.indexOf(':') + 1).trim())
                      .findFirst()
                      .orElse("?");
                } catch (IOException e) {
                  return "gone";
                }
              }));
    }
  }

  private static String lastCpu() {
    return Integer.toString(CpuList.parse(CpuPlacement.machineCpus()).last());
  }

  private static boolean tasksetHere() {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
        .anyMatch(d -> Files.isExecutable(Path.of(d.isEmpty() ? "." : d, "taskset")));
  }
}
