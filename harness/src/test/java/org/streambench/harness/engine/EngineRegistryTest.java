package org.streambench.harness.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.harness.UsageException;

class EngineRegistryTest {
  @TempDir Path engines;
  private EngineRegistry registry;

  @BeforeEach
  void register() throws IOException {
    Path dir = Files.createDirectories(engines.resolve("toy"));
    Files.writeString(
        dir.resolve("engine.properties"),
        String.join(
            "\n",
            "name=toy",
            "jar=target/toy.jar",
            "main=toy.Main",
            "workloads=identity,grep",
            "guarantees=at-most-once,at-least-once",
            "in-job=grep",
            "not-offered.exactly-once=toys forget what they did",
            "jvm.options=-Xmx1g"));
    Path cluster = Files.createDirectories(engines.resolve("herd"));
    Files.writeString(
        cluster.resolve("engine.properties"),
        String.join(
            "\n",
            "name=herd",
            "jar=target/herd.jar",
            "main=herd.Job",
            "workloads=identity",
            "guarantees=at-least-once",
            "jvm.options=-Xmx2g",
            "jvm.options.all=--add-opens=a/b=ALL-UNNAMED",
            "cluster.roles=master, worker*, job",
            "cluster.client-role=job",
            "cluster.env.HERD_HOME=${run.dir}/herd-home",
            "cluster.env.JAVA_HOME=${java.home}",
            "cluster.role.master.main=herd.Master",
            "cluster.role.master.jvm.options=-Xmx256m -Dx=y",
            "cluster.role.master.stops-last=true",
            "cluster.role.worker.main=herd.Worker"));
    Path old = Files.createDirectories(engines.resolve("toy-0.9"));
    Files.writeString(
        old.resolve("engine.properties"),
        String.join(
            "\n", "version-of=toy", "version=0.9", "jar=target/toy-0.9.jar", "workloads=identity"));
    Files.writeString(
        dir.resolve("engine.properties"),
        Files.readString(dir.resolve("engine.properties")) + "\nversion=1.0");
    registry = EngineRegistry.scan(engines);
  }

  @Test
  void readsRegistration() {
    EngineDescriptor toy = registry.all().get("toy");
    assertEquals(List.of("identity", "grep"), toy.workloads());
    assertEquals(List.of(Guarantee.AT_MOST_ONCE, Guarantee.AT_LEAST_ONCE), toy.guarantees());
    assertEquals(List.of("grep"), toy.inJobWorkloads());
    assertEquals(List.of("-Xmx1g"), toy.jvmOptions());
  }

  @Test
  void refusalsSayWhyInOneLine() {
    String guarantee =
        assertThrows(
                UsageException.class,
                () -> registry.require("toy", "identity", Guarantee.EXACTLY_ONCE))
            .getMessage();
    assertEquals(
        "engine toy does not offer exactly-once delivery: toys forget what they did"
            + " (it offers: at-most-once, at-least-once)",
        guarantee);
    String workload =
        assertThrows(
                UsageException.class, () -> registry.require("toy", "ysb", Guarantee.AT_LEAST_ONCE))
            .getMessage();
    assertTrue(workload.startsWith("engine toy cannot run workload 'ysb' (it runs:"), workload);
    String inJob =
        assertThrows(
                UsageException.class,
                () -> registry.requireInJob("toy", "identity", Guarantee.AT_LEAST_ONCE))
            .getMessage();
    assertEquals(
        "engine toy has no in-job source for workload identity (it has one for: grep)", inJob);
    assertEquals("toy", registry.requireInJob("toy", "grep", Guarantee.AT_LEAST_ONCE).name());
  }

  @Test
  void anotherVersionTakesWhatItDoesNotSetAndTheSettingsFromItsEngine() {
    EngineDescriptor old = registry.named("toy@0.9");
    EngineDescriptor toy = registry.named("toy");
    assertEquals("0.9", old.version());
    assertEquals("toy", old.family());
    assertEquals(false, old.defaultVersion());
    assertEquals(true, toy.defaultVersion());
    assertEquals(engines.resolve("toy-0.9/target/toy-0.9.jar"), old.jar());
    assertEquals(List.of("identity"), old.workloads());
    assertEquals(toy.guarantees(), old.guarantees());
    assertEquals("toy.Main", old.mainClass());
    assertEquals(toy.confDir(), old.confDir());
    assertEquals(
        "engine toy@0.9 cannot run workload 'grep' (it runs: identity)",
        assertThrows(
                UsageException.class,
                () -> registry.require("toy@0.9", "grep", Guarantee.AT_LEAST_ONCE))
            .getMessage());
  }

  @Test
  void theDefaultVersionIsNamedByItsEnginesBareName() {
    assertEquals(
        "engine toy@1.0 is toy's default version: name it toy",
        assertThrows(UsageException.class, () -> registry.named("toy@1.0")).getMessage());
    assertEquals(
        "unknown engine 'toy@2.0' (available: herd, toy, toy@0.9)",
        assertThrows(UsageException.class, () -> registry.named("toy@2.0")).getMessage());
  }

  @Test
  void aSuitesEngineVersionNamesTheDefaultByItsBareNameAndAllVersionsDefaultFirst() {
    assertEquals(List.of("toy", "toy@0.9"), registry.versionsOf("toy", "all"));
    assertEquals(List.of("herd"), registry.versionsOf("herd", "all"));
    assertEquals(List.of("toy"), registry.versionsOf("toy", "default"));
    assertEquals(List.of("toy"), registry.versionsOf("toy", "1.0"));
    assertEquals(List.of("toy@0.9"), registry.versionsOf("toy", "0.9"));
    assertEquals(
        "unknown engine 'toy@2.0' (available: herd, toy, toy@0.9)",
        assertThrows(UsageException.class, () -> registry.versionsOf("toy", "2.0")).getMessage());
    assertEquals(
        "engine-version: engines names toy@0.9, a version already: name toy and list its versions"
            + " under engine-version",
        assertThrows(UsageException.class, () -> registry.versionsOf("toy@0.9", "all"))
            .getMessage());
  }

  @Test
  void clusterRolesInStartOrderWithTheirOwnMainsAndOptions() {
    EngineDescriptor herd = registry.all().get("herd");
    List<ClusterRole> roles = herd.clusterRoles();
    assertEquals(
        List.of("master", "worker", "job"), roles.stream().map(ClusterRole::name).toList());
    assertEquals(List.of(false, true, false), roles.stream().map(ClusterRole::perWorker).toList());
    assertEquals("herd.Master", herd.mainClass(roles.get(0)));
    assertEquals(
        List.of("-Xmx256m", "-Dx=y", "--add-opens=a/b=ALL-UNNAMED"), herd.jvmOptions(roles.get(0)));
    assertEquals("herd.Worker", herd.mainClass(roles.get(1)));
    assertEquals(List.of("-Xmx2g", "--add-opens=a/b=ALL-UNNAMED"), herd.jvmOptions(roles.get(1)));
    assertEquals("herd.Job", herd.mainClass(roles.get(2)));
    assertEquals(List.of(true, false, false), roles.stream().map(ClusterRole::stopsLast).toList());
    assertEquals("job", herd.clientRole().orElseThrow().name());
  }

  @Test
  void everyClusterProcessGetsTheEnvironmentWithTheRunsPlaces() {
    Path run = engines.resolve("runs/r1");
    assertEquals(
        java.util.Map.of(
            "HERD_HOME",
            run.toAbsolutePath() + "/herd-home",
            "JAVA_HOME",
            System.getProperty("java.home")),
        registry.all().get("herd").clusterEnvironment(run));
    assertEquals(java.util.Map.of(), registry.all().get("toy").clusterEnvironment(run));
  }

  @Test
  void anEngineWithoutAClientRoleCannotRunOnAUsersCluster() {
    assertEquals(
        "engine toy cannot run on an external cluster yet",
        assertThrows(
                UsageException.class, () -> registry.requireExternal(registry.all().get("toy")))
            .getMessage());
  }

  @Test
  void aClusterDeploymentOfAnEngineWithoutOneIsRefusedNamingThoseThatHaveOne() {
    String refusal =
        assertThrows(UsageException.class, () -> registry.requireCluster(registry.all().get("toy")))
            .getMessage();
    assertEquals(
        "engine toy has no cluster deployment yet (engines with one: herd); use --deployment local",
        refusal);
  }
}
