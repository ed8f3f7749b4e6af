package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Every engine that has a cluster deployment, run as 2 worker processes: identity drains (where no
 * other test runs identity on the engine's cluster) and, where the engine runs it, wordcount (keyed
 * state shuffled between the workers) at a fixed rate, both valid with work done in each worker;
 * and a harness killed by SIGKILL leaves no process behind (on an engine of each way its processes
 * stop).
 */
class ClusterDeploymentIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /** Engines with a cluster deployment. */
  static Stream<EngineDescriptor> clusterEngines() {
    return TestEngines.selected().stream().filter(EngineDescriptor::hasCluster);
  }

  /**
   * Engines whose own cluster no other integration test runs identity on: FaultIT runs it on
   * Flink's, Kafka Streams' and the baseline's (verified through a killed worker), so only these
   * drain here, which keeps a drain on a cluster covered without three more cluster starts in CI.
   */
  static Stream<EngineDescriptor> clusterEnginesWithoutAFaultRun() {
    return clusterEngines().filter(e -> Set.of("spark", "storm").contains(e.name()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clusterEnginesWithoutAFaultRun")
  @Timeout(300)
  void identityDrainsOnTwoWorkers(EngineDescriptor engine) throws Exception {
    Guarantee g = TestEngines.guarantee(engine, Guarantee.AT_LEAST_ONCE);
    RunResult r = kafka.run(SharedBroker.clusterDrain(engine.name(), g, 40_000, 2));
    assertValidOnTwoWorkers(engine, r);
    assertEquals(40_000L, r.verification().get("received"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clusterEngines")
  @Timeout(300)
  void wordcountAtAFixedRateOnTwoWorkers(EngineDescriptor engine) throws Exception {
    String workload = engine.workloads().contains("wordcount") ? "wordcount" : "identity";
    Guarantee g = TestEngines.guarantee(engine, Guarantee.AT_LEAST_ONCE);
    long rate = workload.equals("wordcount") ? 500 : 2_000;
    // readiness comes once every worker runs its tasks; Spark's first micro-batch with data comes
    // seconds after that
    int warmup = engine.name().equals("spark") ? 10 : 3;
    assertValidOnTwoWorkers(
        engine,
        kafka.run(SharedBroker.clusterWorkload(engine.name(), workload, g, rate, warmup, 6)));
  }

  private static void assertValidOnTwoWorkers(EngineDescriptor engine, RunResult r) {
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals("cluster", r.config().get("run.deployment"));
    String worker = "engine/" + engine.workerRole().name() + "-";
    List<ProcessUsage> workers =
        r.processes().stream()
            .filter(p -> p.role().startsWith(worker) && p.role().indexOf('/', worker.length()) < 0)
            .toList();
    assertEquals(
        List.of(worker + "1", worker + "2"), workers.stream().map(ProcessUsage::role).toList());
    assertEquals(2, workers.stream().mapToLong(ProcessUsage::pid).distinct().count());
    for (ProcessUsage w : workers) {
      // a worker's own CPU, and that of the JVMs it started (a Storm worker, a Spark executor)
      List<ProcessUsage> spawned =
          r.processes().stream().filter(p -> p.role().startsWith(w.role() + "/")).toList();
      double cpu = w.cpuSeconds() + spawned.stream().mapToDouble(ProcessUsage::cpuSeconds).sum();
      assertTrue(cpu > 0.5, "idle worker: " + w + " " + spawned);
      // the engine's JVMs log their GC as the harness's own processes do (GcLogOption); Storm's
      // LogWriter, which only pipes a worker's output, gets a topology's options, not the run's
      spawned.stream()
          .filter(p -> p.role().matches(".*/(Worker|CoarseGrainedExecutorBackend)(-\\d+)?"))
          .forEach(p -> assertNotNull(p.gc(), () -> "GC of a spawned JVM: " + p));
    }
    long withSpawned =
        workers.stream()
            .filter(w -> r.processes().stream().anyMatch(p -> p.role().startsWith(w.role() + "/")))
            .count();
    assertTrue(
        withSpawned == 0 || withSpawned == 2,
        "either no worker starts JVMs or each does: " + r.processes());
  }

  /**
   * One engine for each way a cluster's processes come to stop with the harness: instances started
   * by {@code EngineLauncher} (the baseline's; Kafka Streams' are the same), daemons by {@code
   * ClusterDaemon} that start JVMs of their own (Storm's supervisors their workers, Spark's workers
   * their executors; Flink's JobManager and TaskManagers are daemons that start none); every engine
   * when engines are named.
   */
  static Stream<EngineDescriptor> clusterEnginesByHowTheyStop() {
    return clusterEngines()
        .filter(
            e -> TestEngines.named() || Set.of("baseline", "spark", "storm").contains(e.name()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clusterEnginesByHowTheyStop")
  @Timeout(300)
  void aHarnessKilledDuringAClusterRunLeavesNoProcess(EngineDescriptor engine) throws Exception {
    Home checkout = Home.detect();
    Path data = kafka.newDirectory("sigkill-");
    Process harness =
        new ProcessBuilder(
                Home.javaBinary().toString(),
                "-Dstreambench.home=" + checkout.root(),
                "-jar",
                checkout.root().resolve("harness/target/streambench-harness.jar").toString(),
                "run",
                "--engine",
                engine.name(),
                "--deployment",
                "cluster",
                "--workers",
                "2",
                "--parallelism",
                "2",
                "--rate",
                "1000",
                "--duration",
                "120s",
                "--data-dir",
                data.toString())
            .redirectErrorStream(true)
            .redirectOutput(data.resolve("harness.out").toFile())
            .start();
    try {
      // the whole cluster up: the last role's (last) process is ready
      var last = engine.clusterRoles().get(engine.clusterRoles().size() - 1);
      FailureIT.awaitFile(data, last.name() + (last.perWorker() ? "-2" : "") + ".ready", null);
      assertTrue(FailureIT.processesUnder(data).size() >= 3, "broker and two workers are running");
      harness.destroyForcibly();
      assertTrue(harness.waitFor(10, TimeUnit.SECONDS));
      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (!FailureIT.processesUnder(data).isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertEquals(List.of(), FailureIT.processesUnder(data), "no process of the run survives");
    } finally {
      harness.destroyForcibly();
      FailureIT.processesUnder(data).forEach(ProcessHandle::destroyForcibly);
    }
  }
}
