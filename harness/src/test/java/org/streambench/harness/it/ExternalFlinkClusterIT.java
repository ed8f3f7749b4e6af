package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;

/**
 * {@code --flink-rest}: runs on a Flink session cluster that the test starts the way a user runs
 * one ({@link UserFlinkCluster}: Flink's jars only, so the job must bring its own classes). The
 * harness measures from outside: the run verifies, only the job client is a process of ours (the
 * engine's CPU is unknown, never zero), and the job is cancelled when the run ends.
 */
class ExternalFlinkClusterIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();
  @TempDir static Path dir;
  private static UserFlinkCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        TestEngines.selected().stream().anyMatch(e -> e.name().equals("flink")),
        "flink is not among the selected engines");
    cluster = UserFlinkCluster.start(dir, 2);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  @Timeout(240)
  void wordcountAndIdentityRunOnTheUsersClusterAndLeaveItAsTheyFoundIt() throws Exception {
    for (String workload : List.of("identity", "wordcount")) {
      long rate = workload.equals("identity") ? 2_000 : 500;
      RunResult r =
          kafka.run(
              SharedBroker.deployedWorkload(
                  "flink",
                  workload,
                  Guarantee.EXACTLY_ONCE,
                  rate,
                  10,
                  10,
                  Deployment.external(cluster.restUrl(), 2)));
      assertEquals(RunResult.COMPLETED, r.status(), () -> "failure: " + r.failure());
      assertEquals("valid", r.verdict(), () -> workload + " reasons: " + r.reasons());
      assertEquals("external", r.config().get("run.deployment"));
      assertEquals(cluster.restUrl(), r.config().get("run.cluster"));
      assertEquals(
          List.of("engine/job"),
          r.processes().stream()
              .map(ProcessUsage::role)
              .filter(role -> role.startsWith("engine"))
              .toList(),
          "only the job client is ours");
      JsonNode after = cluster.overview();
      assertEquals(0, after.path("jobs-running").asInt(), "the job was cancelled: " + after);
      assertEquals(2, after.path("slots-available").asInt(), after::toString);
    }
    assertTrue(cluster.overview().path("jobs-cancelled").asInt() >= 2);
  }
}
