package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobSpecTest {
  private static JobSpec sample(Path dir) {
    return new JobSpec(
        "run-1",
        "identity",
        "127.0.0.1:9092",
        "in",
        "out",
        Guarantee.EXACTLY_ONCE,
        3,
        dir,
        Map.of("flink.execution.buffer-timeout.interval", "5ms", "commit.mode", "a=b"),
        Map.of("seed", "42"));
  }

  @Test
  void roundTripsThroughAFile(@TempDir Path dir) throws Exception {
    JobSpec spec = sample(dir);
    Path file = dir.resolve("spec.properties");
    spec.write(file);
    assertEquals(spec, JobSpec.read(file));
  }

  @Test
  void settingsByPrefixDropThePrefix(@TempDir Path dir) {
    assertEquals(
        Map.of("execution.buffer-timeout.interval", "5ms"),
        sample(dir).settingsWithPrefix("flink."));
  }

  @Test
  void missingFieldsAreNamed(@TempDir Path dir) {
    Properties p = sample(dir).toProperties();
    p.remove("input.topic");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JobSpec.fromProperties(p));
    assertEquals("job spec lacks 'input.topic'", e.getMessage());
  }

  @Test
  void guaranteesParseByCommandLineName() {
    for (Guarantee g : Guarantee.values()) {
      assertEquals(g, Guarantee.parse(g.id()));
    }
    assertThrows(IllegalArgumentException.class, () -> Guarantee.parse("twice"));
  }

  @Test
  void aClusterDeploymentRoundTripsAndEachInstanceKnowsItsTasks(@TempDir Path dir)
      throws Exception {
    JobSpec local = sample(dir);
    JobSpec cluster =
        new JobSpec(
            local.runId(),
            local.workload(),
            local.bootstrapServers(),
            local.inputTopic(),
            local.outputTopic(),
            local.guarantee(),
            5,
            dir,
            local.settings(),
            local.params(),
            new Deployment(Deployment.Kind.CLUSTER, 2, 3),
            JobSpec.SOLE);
    Path file = dir.resolve("spec.properties");
    cluster.write(file);
    assertEquals(cluster, JobSpec.read(file));
    assertArrayEquals(new int[] {0, 2, 4}, cluster.forInstance(1).tasks());
    assertArrayEquals(new int[] {1, 3}, cluster.forInstance(2).tasks());
    assertEquals("-2", cluster.forInstance(2).instanceSuffix());
    assertArrayEquals(new int[] {0, 1, 2}, local.tasks());
    assertEquals("", local.instanceSuffix());
    assertThrows(IllegalArgumentException.class, () -> cluster.forInstance(3));
  }

  @Test
  void deploymentKindsParseByName() {
    assertEquals(Deployment.Kind.CLUSTER, Deployment.Kind.parse("cluster"));
    assertThrows(IllegalArgumentException.class, () -> Deployment.Kind.parse("cloud"));
    assertThrows(
        IllegalArgumentException.class, () -> new Deployment(Deployment.Kind.CLUSTER, 0, 1));
  }
}
