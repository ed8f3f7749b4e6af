package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.process.CpuPlacement;

/** Expansion over two stand-in engines registered in a temporary checkout (no engine runs). */
class SuitePlanTest {
  @TempDir Path root;
  private Home home;
  private EngineRegistry registry;

  @BeforeEach
  void engines() throws IOException {
    engine("alpha", "identity,grep", "at-least-once,exactly-once", "heap", "master,worker*");
    engine("beta", "identity", "at-least-once", "other");
    engine("baseline", "identity", "at-least-once", "none");
    home = new Home(root, root.resolve("runs"));
    registry = EngineRegistry.scan(home.enginesDir());
  }

  private void engine(String name, String workloads, String guarantees, String profile)
      throws IOException {
    engine(name, workloads, guarantees, profile, "");
  }

  private void engine(
      String name, String workloads, String guarantees, String profile, String clusterRoles)
      throws IOException {
    Path dir = root.resolve("engines").resolve(name);
    Files.createDirectories(dir.resolve("conf/profiles"));
    Files.writeString(
        dir.resolve("engine.properties"),
        String.join(
            "\n",
            "name=" + name,
            "jar=" + name + ".jar",
            "main=Main",
            "workloads=" + workloads,
            "guarantees=" + guarantees,
            "not-offered.exactly-once=" + name + " has no transactions",
            "cluster.roles=" + clusterRoles));
    Files.writeString(dir.resolve(name + ".jar"), "");
    Files.writeString(dir.resolve("conf/profiles/" + profile + ".yaml"), "x: 1\n");
  }

  private SuitePlan plan(String yaml, boolean quick) throws IOException {
    Path file = root.resolve("s.yaml");
    Files.writeString(file, yaml);
    return SuitePlan.expand(SuiteSpec.read(file, quick), home, registry);
  }

  @Test
  void agentsFromTheFileOrTheCommandLineGenerateEveryRunsInputAndAreStored() throws IOException {
    String suite = "engines: [alpha]\nworkloads: [identity]\nrates: [1000]\npartitions: [4]\n";
    SuitePlan local = plan(suite, false);
    assertTrue(local.points().stream().allMatch(p -> p.request().agents().none()));
    SuitePlan filed = plan(suite + "agents: [10.0.0.5:7391, 10.0.0.6:7391]\n", false);
    assertTrue(
        filed.points().stream()
            .allMatch(
                p ->
                    p.request()
                        .agents()
                        .addresses()
                        .equals(List.of("10.0.0.5:7391", "10.0.0.6:7391"))));
    assertEquals(
        "10.0.0.5:7391,10.0.0.6:7391",
        filed.points().get(0).request().parameters().get("run.agents"));
    SuiteSpec stored = SuiteSpec.fromJson(local.spec().withAgents(List.of("a:1")).toJson());
    assertEquals(
        List.of("a:1"),
        SuitePlan.expand(stored, home, registry).points().get(0).request().agents().addresses());
    assertFalse(local.spec().runsTheSameAs(stored), "agents change what a suite runs");
    UsageException uneven =
        assertThrows(
            UsageException.class,
            () -> plan(suite.replace("[4]", "[3]") + "agents: [a:1, b:1]\n", false));
    assertTrue(
        uneven.getMessage().contains("cannot share 3 partitions evenly"), uneven.getMessage());
  }

  @Test
  void theRigWarmupIsTheFilesOrTheToolsDefault() throws IOException {
    String base = "engines: [alpha]\nworkloads: [identity]\nrates: [1000]\n";
    SuitePlan unsaid = plan(base, false);
    assertEquals(
        java.time.Duration.ofSeconds(90),
        unsaid.spec().rigWarmupOr(java.time.Duration.ofSeconds(90)));
    SuitePlan said = plan(base + "rig-warmup: 0s\n", false);
    assertEquals(
        java.time.Duration.ZERO, said.spec().rigWarmupOr(java.time.Duration.ofSeconds(90)));
    UsageException e =
        assertThrows(UsageException.class, () -> plan(base + "rig-warmup: soon\n", false));
    assertTrue(e.getMessage().startsWith("rig-warmup: "), e.getMessage());
  }

  @Test
  void warmupRoundsDefaultToNoneAndAreNeverNegative() throws IOException {
    String base = "engines: [alpha]\nworkloads: [identity]\nrates: [1000]\n";
    assertEquals(0, plan(base, false).spec().warmupRounds());
    assertEquals(1, plan(base + "warmup-rounds: 1\n", false).spec().warmupRounds());
    UsageException e =
        assertThrows(UsageException.class, () -> plan(base + "warmup-rounds: -1\n", false));
    assertTrue(e.getMessage().contains("warmup-rounds must not be negative"), e.getMessage());
  }

  @Test
  void expandsTheCartesianProductAndSkipsWhatAnEngineDoesNotOffer() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity, grep]
            guarantees: [at-least-once, exactly-once]
            rates: [1000, 2000]
            settings: {k: [a, b]}
            """,
            false);
    // alpha: 2 workloads x 2 guarantees x 2 settings x 2 rates; beta: identity, at-least-once only
    assertEquals(16 + 4, p.points().size());
    assertEquals(
        "engine=alpha,workload=identity,mode=fixed-rate,guarantee=at-least-once,parallelism=1,"
            + "partitions=1,set:k=a,rate=1000",
        p.points().get(0).key());
    assertEquals(List.of("k=a"), p.points().get(0).request().sets());
    assertTrue(
        p.skipped().stream().anyMatch(s -> s.contains("beta has no transactions")),
        p.skipped().toString());
    assertTrue(p.skipped().stream().anyMatch(s -> s.contains("cannot run workload 'grep'")));
  }

  @Test
  void engineVersionRunsEachEngineInEveryVersionItLists() throws IOException {
    Path old = Files.createDirectories(root.resolve("engines/alpha-0.9"));
    Files.writeString(
        old.resolve("engine.properties"), "version-of=alpha\nversion=0.9\njar=old.jar\n");
    Files.writeString(old.resolve("old.jar"), "");
    Path alpha = root.resolve("engines/alpha/engine.properties");
    Files.writeString(alpha, Files.readString(alpha) + "\nversion=1.0\n");
    registry = EngineRegistry.scan(home.enginesDir());
    String suite = "engines: [alpha, beta]\nworkloads: [identity]\nrates: [1000]\n";

    assertEquals(
        List.of("alpha", "alpha@0.9", "beta"),
        plan(suite + "engine-version: all\n", false).points().stream()
            .map(p -> p.request().engine())
            .toList());
    assertEquals(
        List.of("alpha@0.9", "alpha"),
        plan(suite.replace(", beta", "") + "engine-version: ['0.9', '1.0']\n", false)
            .points()
            .stream()
            .map(p -> p.request().engine())
            .toList());
    assertThrows(
        UsageException.class, () -> plan(suite + "engine-version: [default, '0.9']\n", false));
    assertTrue(
        assertThrows(UsageException.class, () -> plan(suite + "engine-version: 0.9\n", false))
            .getMessage()
            .endsWith(
                "engine-version: quote each version ('0.9'): YAML reads an unquoted 1.20 as"
                    + " the number 1.2"));
  }

  @Test
  void repetitionsInterleaveTheConfigurations() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity]
            rates: [1000]
            repetitions: 3
            """,
            false);
    // A B B A A B, not A A A B B B: drift of the machine falls on both configurations alike, and
    // neither always runs first in its round
    assertEquals(
        List.of("alpha#1", "beta#1", "beta#2", "alpha#2", "alpha#3", "beta#3"),
        p.turns().stream()
            .map(t -> t.point().labels().get("engine") + "#" + t.repetition())
            .toList());
  }

  @Test
  void cpuProfileReachesEveryRunAndOnlyWhenAsked() throws IOException {
    String suite =
        """
        engines: [alpha]
        workloads: [identity]
        rates: [1000, 2000]
        """;
    assertTrue(
        plan(suite + "cpu-profile: true\n", false).points().stream()
            .allMatch(point -> point.request().cpuProfile()));
    assertTrue(
        plan(suite, false).points().stream().noneMatch(point -> point.request().cpuProfile()));
  }

  @Test
  void aRunsFaultsArePartOfItsConfigurationAndAbsentWithoutAny() throws IOException {
    String suite =
        """
        engines: [alpha]
        workloads: [identity]
        deployment: [cluster]
        workers: [2]
        rates: [1000]
        duration: 60s
        """;
    var faulted =
        plan(suite + "faults: [kill:worker@20s:norestart]\nrestart-delay: 7s\n", false)
            .points()
            .get(0)
            .request()
            .parameters();
    assertEquals("kill:worker@20s:norestart", faulted.get("run.faults"));
    assertEquals("7s", faulted.get("run.restart-delay"));
    assertTrue(faulted.containsKey("run.recovery-grace"));
    var plain = plan(suite, false).points().get(0).request().parameters();
    assertFalse(plain.containsKey("run.faults"));
    assertFalse(plain.containsKey("run.restart-delay"));
  }

  @Test
  void faultSchedulesAreADimensionAndAnEngineRefusesTheOnesItCannotTake() throws IOException {
    String base =
        """
        engines: [alpha]
        workloads: [identity]
        deployment: [cluster]
        rates: [1000]
        duration: 60s
        """;
    String suite =
        base
            + """
            fault-schedules:
              - kill:worker@20s
              - [partition:worker-broker@20s/10s, slow:engine-broker@40s/5s:50ms]
              - partition:worker-master@20s/10s
            """;
    SuitePlan p = plan(suite, false);
    assertEquals(
        List.of(
            "kill:worker@20s", "partition:worker-broker@20s/10s slow:engine-broker@40s/5s:50ms"),
        p.points().stream().map(point -> point.labels().get("faults")).toList());
    assertEquals(
        "partition:worker-broker@20s/10s slow:engine-broker@40s/5s:50ms",
        p.points().get(1).request().parameters().get("run.faults"));
    assertEquals(1, p.skipped().size(), () -> "skipped: " + p.skipped());
    assertTrue(p.skipped().get(0).contains("worker-master"), p.skipped()::toString);
    assertFalse(plan(base, false).points().get(0).labels().containsKey("faults"));
    UsageException both =
        assertThrows(
            UsageException.class, () -> plan(suite + "faults: [kill:worker@30s]\n", false));
    assertTrue(both.getMessage().contains("not both"), both::getMessage);
  }

  @Test
  void aPlacementReachesEveryRunAndSurvivesStorageAndTheCommandLineWins() throws IOException {
    String suite =
        """
        engines: [alpha]
        workloads: [identity]
        rates: [1000, 2000]
        """;
    SuitePlan placed = plan(suite + "cpus: engine=1,broker=0,driver=0\n", false);
    CpuPlacement asked = CpuPlacement.parse("engine=1 broker=0 driver=0", "test");
    assertTrue(placed.points().stream().allMatch(point -> point.request().cpus().equals(asked)));
    assertEquals(
        "engine=1 broker=0 driver=0",
        placed.points().get(0).request().parameters().get("run.cpus"));
    SuiteSpec stored = SuiteSpec.fromJson(placed.spec().toJson());
    assertEquals(asked, SuitePlan.expand(stored, home, registry).points().get(0).request().cpus());
    SuiteSpec overridden = placed.spec().withCpus("engine=0");
    assertEquals(
        CpuPlacement.parse("engine=0", "test"),
        SuitePlan.expand(overridden, home, registry).points().get(0).request().cpus());
    SuitePlan unplaced = plan(suite, false);
    assertTrue(unplaced.points().stream().allMatch(point -> point.request().cpus().isNone()));
    assertFalse(unplaced.points().get(0).request().parameters().containsKey("run.cpus"));
  }

  @Test
  void deploymentWorkersAndBrokersAreAxesAndPointsOnOneKafkaRunTogether() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity]
            brokers: [3, 1]
            deployment: [local, cluster]
            workers: [2, 4]
            parallelism: 4
            rates: [1000]
            """,
            false);
    // alpha: per broker count one local point and one per worker count; beta: local only
    assertEquals(2 * (1 + 2) + 2, p.points().size(), p.points().toString());
    assertEquals(
        List.of(1, 1, 1, 1, 3, 3, 3, 3),
        p.points().stream().map(SuitePoint::brokers).toList(),
        "ordered by broker count");
    SuitePoint cluster =
        p.points().stream()
            .filter(x -> "4".equals(x.labels().get("workers")))
            .findFirst()
            .orElseThrow();
    assertEquals(
        new org.streambench.api.Deployment(org.streambench.api.Deployment.Kind.CLUSTER, 4, 1),
        cluster.request().deployment());
    assertTrue(
        p.points().stream()
            .filter(x -> "local".equals(x.labels().get("deployment")))
            .noneMatch(x -> x.labels().containsKey("workers")),
        "a local point has no worker count");
    assertTrue(
        p.skipped().stream().anyMatch(s -> s.contains("engine beta has no cluster deployment")),
        p.skipped().toString());
    assertThrows(
        UsageException.class,
        () ->
            plan(
                "engines: [alpha]\nworkloads: [identity]\n" + "rates: [1]\ndeployment: [cloud]\n",
                false));
  }

  @Test
  void yarnAndCheckpointStorageAreAxesThatEnginesWithoutThemSkip() throws IOException {
    engine("gamma", "identity", "at-least-once", "g", "job");
    Files.writeString(
        root.resolve("engines/gamma/engine.properties"),
        "\ncluster.client-role=job\n",
        java.nio.file.StandardOpenOption.APPEND);
    Files.writeString(
        root.resolve("engines/beta/engine.properties"),
        "\nnot-offered.checkpoint-storage.hdfs=beta writes no checkpoints\n",
        java.nio.file.StandardOpenOption.APPEND);
    registry = EngineRegistry.scan(home.enginesDir());
    SuitePlan p =
        plan(
            """
            engines: [gamma, beta]
            workloads: [identity]
            deployment: [local, yarn]
            checkpoint-storage: [local, hdfs]
            workers: [2]
            parallelism: 2
            rates: [1000]
            """,
            false);
    // gamma: local and yarn, each with both storages; beta: local only, local storage only
    assertEquals(4 + 1, p.points().size(), p.points().toString());
    SuitePoint yarn =
        p.points().stream()
            .filter(x -> "yarn".equals(x.labels().get("deployment")))
            .filter(x -> "hdfs".equals(x.labels().get("checkpoint-storage")))
            .findFirst()
            .orElseThrow();
    assertEquals(
        new org.streambench.api.Deployment(org.streambench.api.Deployment.Kind.YARN, 2, 1),
        yarn.request().deployment());
    assertTrue(yarn.request().needsHadoop());
    assertTrue(
        p.skipped().stream().anyMatch(s -> s.contains("engine beta has no --deployment yarn")),
        p.skipped().toString());
    assertTrue(
        p.skipped().stream()
            .anyMatch(s -> s.contains("engine beta offers no checkpoint-storage hdfs")),
        p.skipped().toString());
  }

  @Test
  void variantsApplyPerEngineAndQuickOverrides() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity]
            rates: [1000, 2000, 3000]
            variants:
              - name: v1
                alpha: {profiles: [heap], set: {s: 1}}
              - name: v2
                all: {}
            quick:
              rates: [500]
            """,
            true);
    assertEquals(3, p.points().size()); // alpha v1, alpha v2, beta v2
    assertEquals(List.of("heap"), p.points().get(0).request().profiles());
    assertEquals(List.of("s=1"), p.points().get(0).request().sets());
    assertEquals(500, p.points().get(0).request().rate());
    assertTrue(p.skipped().contains("variant v1 has no configuration for beta"));
  }

  @Test
  void aSearchHasNoRateDimension() throws IOException {
    SuitePlan p =
        plan(
            """
            mode: sustainable
            engines: [alpha]
            workloads: [identity]
            search: {start: 5000}
            latency-objective: p99 <= 1s
            """,
            false);
    assertTrue(p.points().get(0).search());
    assertFalse(p.points().get(0).labels().containsKey("rate"));
    assertEquals(5000, p.points().get(0).request().rate());
  }

  @Test
  void relativeRatesRunTheirConfigurationsSearchFirstOnceForAllOfThem() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity]
            rates: [50%, 90%, 3000]
            search: {start: 5000}
            """,
            false);
    // per engine: its search, then 50 % and 90 % of what it finds, and the absolute rate
    assertEquals(8, p.points().size());
    for (int e = 0; e < 2; e++) {
      SuitePoint search = p.points().get(4 * e);
      assertTrue(search.search());
      assertEquals(SuitePlan.SUSTAINABLE, search.labels().get("mode"));
      assertFalse(search.labels().containsKey("rate"));
      assertEquals(5000, search.request().rate());
      for (int i = 1; i <= 2; i++) {
        SuitePoint relative = p.points().get(4 * e + i);
        assertFalse(relative.search());
        assertEquals("fixed-rate", relative.labels().get("mode"));
        assertEquals(search.key(), relative.relativeTo());
        assertEquals(search.labels().get("engine"), relative.labels().get("engine"));
      }
      assertEquals(0.5, p.points().get(4 * e + 1).rate().fraction());
      assertEquals(9_000, p.points().get(4 * e + 2).rate().of(10_000));
      SuitePoint absolute = p.points().get(4 * e + 3);
      assertEquals(null, absolute.relativeTo());
      assertEquals(3000, absolute.request().rate());
    }
  }

  @Test
  void aReversedRoundKeepsEachSearchBeforeTheRatesRelativeToIt() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha, beta]
            workloads: [identity]
            rates: [50%, 3000]
            search: {start: 5000}
            repetitions: 2
            """,
            false);
    assertEquals(
        List.of(
            "alpha sustainable#1",
            "alpha 50%#1",
            "alpha 3000#1",
            "beta sustainable#1",
            "beta 50%#1",
            "beta 3000#1",
            "beta 3000#2",
            "beta sustainable#2",
            "beta 50%#2",
            "alpha 3000#2",
            "alpha sustainable#2",
            "alpha 50%#2"),
        p.turns().stream()
            .map(
                t ->
                    t.point().labels().get("engine")
                        + " "
                        + (t.point().search() ? "sustainable" : t.point().labels().get("rate"))
                        + "#"
                        + t.repetition())
            .toList());
  }

  @Test
  void badFilesFailWithOneLineBeforeAnythingRuns() {
    for (String yaml :
        List.of(
            "engines: [alpha]\nworkloads: [identity]\n", // no rates
            "engines: [gamma]\nworkloads: [identity]\nrates: [1]\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\nwarmup: soon\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [ninety%]\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [0%]\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [-5]\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [90%]\nsearch: {min: 0}\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\ndrain-seconds: 30\n",
            "engines: [alpha]\nworkloads: [identity]\nmode: drain\nrecords: [9]\ndrain-seconds: -1\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\nrats: [2]\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\nmode: fast\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\ncpus: gpu=1\n",
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\ncpus: worker=1\n",
            "engines: [beta]\nworkloads: [grep]\nrates: [1]\n", // nothing left
            "engines: [alpha]\nworkloads: [identity]\nrates: [1]\nvariants: [{name: v, alpha: {profiles: [nope]}}]\n",
            "- just\n- a list\n")) {
      UsageException e = assertThrows(UsageException.class, () -> plan(yaml, false), yaml);
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void theStoredSpecReplansToTheSamePoints() throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha]
            workloads: [identity]
            rates: [1000, 2000]
            variants: [{name: v1, alpha: {profiles: [heap]}}]
            repetitions: 2
            """,
            false);
    SuitePlan again = SuitePlan.expand(SuiteSpec.fromJson(p.spec().toJson()), home, registry);
    assertEquals(
        p.points().stream().map(SuitePoint::key).toList(),
        again.points().stream().map(SuitePoint::key).toList());
    assertEquals(2, again.spec().repetitions());
  }

  @Test
  void floorAddsTheBaselineOnIdentityAtEachRateWithTheSuitesClientSettingsFirst()
      throws IOException {
    SuitePlan p =
        plan(
            """
            engines: [alpha]
            workloads: [grep]
            parallelism: [2]
            rates: [1000, 20000]
            floor: true
            settings:
              kafka.producer.linger.ms: [0]
              alpha.buffer: [0ms, 5ms]
            """,
            false);
    List<SuitePoint> floor =
        p.points().stream().filter(pt -> FloorPoints.isFloor(pt.labels())).toList();
    assertEquals(2, floor.size(), "one per rate, not per engine setting");
    assertEquals(6, p.points().size());
    assertTrue(FloorPoints.isFloor(p.points().get(0).labels()), "floor points run first");
    SuitePoint first = floor.get(0);
    assertEquals("baseline", first.request().engine());
    assertEquals("identity", first.request().workload());
    assertEquals(2, first.request().partitions());
    assertEquals(2, first.request().parallelism(), "one loop per partition");
    assertEquals(1000, first.request().rate());
    assertEquals(List.of("kafka.producer.linger.ms=0"), first.request().sets());
  }

  @Test
  void floorNeedsFixedRatePointsWithoutFaults() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                plan(
                    """
                    engines: [alpha]
                    workloads: [identity]
                    mode: drain
                    records: [1000]
                    floor: true
                    """,
                    false));
    assertTrue(e.getMessage().contains("floor:"), e.getMessage());
  }
}
