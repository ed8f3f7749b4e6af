package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Runs on the user's own cluster ({@code --flink-rest}, {@code --spark-master}, {@code
 * --storm-nimbus}): on a cluster the test starts the way a user runs one ({@link UserCluster}: the
 * engine's own jars only, so the job must bring its classes), a keyed stateful workload verifies
 * under the engine's strongest guarantee, only the engine's client is a process of ours (the
 * engine's CPU is unknown, never zero), and the cluster is left as it was found: the job cancelled,
 * its slots or cores free. (Identity on a cluster runs in ClusterDeploymentIT and FaultIT; one run
 * here keeps a Storm cluster's minute of Nimbus heartbeats from counting twice.)
 */
class ExternalClusterIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  static Stream<EngineDescriptor> enginesWithAClient() {
    return TestEngines.selected().stream().filter(e -> e.clientRole().isPresent());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("enginesWithAClient")
  @Timeout(420)
  void wordcountRunsOnTheUsersClusterAndLeavesItAsItFoundIt(EngineDescriptor engine)
      throws Exception {
    Path dir = kafka.newDirectory("user-" + engine.name() + "-");
    try (UserCluster cluster = start(engine.name(), dir)) {
      RunResult r =
          kafka.run(
              SharedBroker.deployedWorkload(
                  engine.name(),
                  "wordcount",
                  TestEngines.guarantee(engine, Guarantee.EXACTLY_ONCE),
                  500,
                  // the job runs once the client reports ready; Spark's first micro-batch with
                  // data comes seconds later
                  engine.name().equals("spark") ? 20 : 5,
                  5,
                  Deployment.external(cluster.address(), 2)));
      assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
      assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
      assertEquals("external", r.config().get("run.deployment"));
      assertEquals(cluster.address(), r.config().get("run.cluster"));
      assertEquals(
          List.of("engine/job"),
          r.processes().stream()
              .map(ProcessUsage::role)
              .filter(role -> role.startsWith("engine"))
              .toList(),
          "only the client is ours");
      cluster.await(
          "the job gone from the cluster", java.time.Duration.ofSeconds(30), cluster::idle);
      assertTrue(cluster.idle());
    }
  }

  private static UserCluster start(String engine, Path dir) throws Exception {
    return switch (EngineDescriptor.familyOf(engine)) {
      case "flink" -> UserFlinkCluster.start(dir, 2);
      case "spark" -> UserSparkCluster.start(dir, 2);
      case "storm" -> UserStormCluster.start(dir, 2);
      default -> throw new IllegalArgumentException("no user cluster of " + engine);
    };
  }
}
