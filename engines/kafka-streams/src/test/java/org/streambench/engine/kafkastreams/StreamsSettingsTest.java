package org.streambench.engine.kafkastreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.JobSpec;

/** How engine settings become the StreamsConfig, and what readiness waits for. */
class StreamsSettingsTest {
  @TempDir Path runDir;

  @Test
  void configuresTheRunWithStreamsSettingsVerbatimAndTheKafkaClientSettings() {
    Properties config =
        StreamsSettings.config(
            TestRuns.spec(
                runDir,
                "identity",
                Map.of(),
                Map.of(
                    "streams.commit.interval.ms", "250",
                    "kafka.producer.linger.ms", "7",
                    "kafka.consumer.fetch.max.wait.ms", "9",
                    "state.store", "in-memory")));
    assertEquals("run-1", config.get(StreamsConfig.APPLICATION_ID_CONFIG));
    assertEquals("127.0.0.1:1", config.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG));
    assertEquals("2", config.get(StreamsConfig.NUM_STREAM_THREADS_CONFIG));
    assertTrue(config.get(StreamsConfig.STATE_DIR_CONFIG).toString().startsWith(runDir.toString()));
    assertEquals("250", config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
    assertEquals("7", config.get("producer.linger.ms"));
    assertEquals("9", config.get("consumer.fetch.max.wait.ms"));
    assertEquals(
        BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class,
        config.get(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG));
    new StreamsConfig(config); // every key is one Kafka Streams accepts
    assertThrows(
        IllegalArgumentException.class,
        () ->
            StreamsSettings.config(
                TestRuns.spec(runDir, "identity", Map.of(), Map.of("state.store", "hashmap"))));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            StreamsSettings.instances(
                TestRuns.spec(runDir, "identity", Map.of(), Map.of("instances", "0"))));
  }

  @Test
  void namesTheWorkloadsItHasWhenAskedForAnother() {
    UnsupportedOperationException unknown =
        assertThrows(
            UnsupportedOperationException.class,
            () -> TestRuns.driver(TestRuns.spec(runDir, "nosuch", Map.of(), Map.of())));
    assertTrue(unknown.getMessage().contains("no workload 'nosuch'"), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("identity, sleep, grep"), unknown.getMessage());
  }

  @Test
  void ysbCommitsNoLessOftenThanConfigured() {
    JobSpec spec =
        TestRuns.spec(
            runDir, "ysb", Map.of("sla.ms", "400"), Map.of("streams.commit.interval.ms", "100"));
    assertEquals("100", StreamsSettings.config(spec).get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
    JobSpec unset =
        TestRuns.spec(
            runDir,
            "ysb",
            Map.of("sla.ms", "400"),
            Map.of("streams.processing.guarantee", "exactly_once_v2"));
    assertEquals(
        "100", // Kafka Streams' default under exactly-once
        StreamsSettings.config(unset).get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
    JobSpec atLeastOnce = TestRuns.spec(runDir, "ysb", Map.of("sla.ms", "400"), Map.of());
    assertEquals(
        "400", StreamsSettings.config(atLeastOnce).get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
  }

  @Test
  void windowGraceIsOutOfOrdernessPlusLatenessPlusTheSkewSetting() {
    Map<String, String> params = Map.of("out.of.orderness.ms", "200", "lateness.ms", "1000");
    assertEquals(
        java.time.Duration.ofMillis(1200),
        StreamsSettings.grace(TestRuns.spec(runDir, "uricount", params, Map.of())));
    assertEquals(
        java.time.Duration.ofMillis(6200),
        StreamsSettings.grace(
            TestRuns.spec(runDir, "uricount", params, Map.of("job.window.skew.ms", "5000"))));
  }

  @Test
  void readinessWaitsForTheHarnessTopicsNotTheRepartitionTopics() {
    JobSpec spec =
        TestRuns.spec(runDir, "join", Map.of("streams", "3", "timer.ms", "1000"), Map.of());
    assertEquals(
        Set.of("in-click", "in-feature", "in-impression"),
        KafkaStreamsEngine.sourceTopics(
            KafkaStreamsEngine.topology(spec, StreamsSettings.config(spec)), "in"));
    JobSpec ysb = TestRuns.uriCount(runDir, "jackson", 1_000, 0);
    assertEquals(
        Set.of("in"),
        KafkaStreamsEngine.sourceTopics(
            KafkaStreamsEngine.topology(ysb, StreamsSettings.config(ysb)), "in"));
    // a foreign-key join reads its subscription topics too, which exist only once it runs
    JobSpec q3 = TestRuns.spec(runDir, "nexmark-q3", Map.of(), Map.of());
    assertEquals(
        Set.of("in"),
        KafkaStreamsEngine.sourceTopics(
            KafkaStreamsEngine.topology(q3, StreamsSettings.config(q3)), "in"));
  }
}
