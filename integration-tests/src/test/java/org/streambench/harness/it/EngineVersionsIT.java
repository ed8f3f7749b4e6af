package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.engine.FirstUseBuild;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Every other version of an engine that the build makes ({@code flink@1.20}, ...) runs briefly:
 * wordcount, keyed state shuffled by key, under its strongest guarantee, valid, its result naming
 * the exact version its jar was built on. The matrices run the default versions; each version's own
 * module runs the engine's job tests on it. Of the versions built on first use, one is built here
 * by the run that names it, its jar made stale first, so that each CI builds one from scratch.
 */
class EngineVersionsIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /** The version built on first use that this test builds: the smallest engine to download. */
  static final String BUILT_ON_FIRST_USE = "kafka-streams@4.3";

  /**
   * The other versions the build makes and {@link #BUILT_ON_FIRST_USE}, or those named ({@link
   * TestEngines#PROPERTY}).
   */
  static Stream<String> otherVersions() {
    return EngineRegistry.scan(Home.detect().enginesDir()).all().values().stream()
        .filter(e -> !e.defaultVersion())
        .filter(
            e ->
                TestEngines.named()
                    ? TestEngines.isSelected(e.name())
                    : FirstUseBuild.profileOf(e).isEmpty() || e.name().equals(BUILT_ON_FIRST_USE))
        .map(EngineDescriptor::name);
  }

  @Test
  void flinkHasAnotherVersion() {
    assertTrue(
        EngineRegistry.scan(Home.detect().enginesDir()).all().containsKey("flink@1.20"),
        "flink@1.20 is registered");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("otherVersions")
  @Timeout(600) // a version built on first use: Maven downloads and builds it first
  void wordcountIsValidAndNamesItsVersion(String name) throws Exception {
    EngineDescriptor engine = EngineRegistry.scan(Home.detect().enginesDir()).named(name);
    boolean firstUse = FirstUseBuild.profileOf(engine).isPresent();
    Instant before = Instant.now().minusSeconds(1);
    if (firstUse && Files.exists(engine.jar())) {
      Files.setLastModifiedTime(engine.jar(), FileTime.from(Instant.EPOCH));
    }
    Guarantee g = TestEngines.guarantee(engine, Guarantee.EXACTLY_ONCE);
    RunResult r =
        kafka.run(
            SharedBroker.workload(name, "wordcount", g, Map.of("vocabulary", "200"), 2_000, 2, 3));

    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(
        Verdict.Status.VALID,
        r.verdict(),
        () -> "reasons: " + r.reasons() + " " + r.verificationExamples());
    assertEquals(name, r.engine());
    assertTrue(r.runId().contains("-" + name.replace('@', '-') + "-"), r.runId());
    Object built = ((Map<?, ?>) r.provenance().get("engine")).get("version." + engine.family());
    assertTrue(
        built != null && built.toString().startsWith(engine.version() + "."),
        () -> name + " ran on " + built);
    if (firstUse) {
      assertTrue(
          Files.getLastModifiedTime(engine.jar()).toInstant().isAfter(before),
          () -> name + "'s run built its jar");
    }
    if (engine.family().equals("flink")) {
      assertFalse(r.checkpoints() == null || r.checkpoints().isEmpty(), "checkpoints followed");
    }
  }
}
