package org.streambench.harness.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;

class EngineSettingsTest {
  private static EngineDescriptor engine(Path dir) throws Exception {
    Files.createDirectories(dir.resolve("conf"));
    Files.writeString(
        dir.resolve("engine.properties"),
        "name=test\njar=t.jar\nmain=T\nworkloads=identity\nguarantees=at-least-once\n");
    Files.writeString(
        dir.resolve("conf/defaults.yaml"), "a: 1\nnested:\n  x.y: 2\n  deep:\n    z: 3\n");
    Files.writeString(dir.resolve("conf/at-least-once.yaml"), "a: 10\nb: ok\n");
    return EngineDescriptor.load(dir.resolve("engine.properties"));
  }

  @Test
  void layersApplyInOrder(@TempDir Path dir) throws Exception {
    Path extra = dir.resolve("extra.yaml");
    Files.writeString(extra, "b: extra\nc: 5\n");
    Map<String, String> s =
        EngineSettings.resolve(
            engine(dir),
            Guarantee.AT_LEAST_ONCE,
            List.of(),
            List.of(extra),
            List.of("c=6", "d = x=y"));
    assertEquals(
        Map.of(
            "a", "10", "b", "extra", "c", "6", "d", "x=y", "nested.x.y", "2", "nested.deep.z", "3"),
        s);
  }

  @Test
  void badInputIsAUsageError(@TempDir Path dir) throws Exception {
    EngineDescriptor e = engine(dir);
    assertThrows(
        UsageException.class,
        () ->
            EngineSettings.resolve(
                e, Guarantee.AT_LEAST_ONCE, List.of(), List.of(), List.of("novalue")));
    assertThrows(
        UsageException.class,
        () ->
            EngineSettings.resolve(
                e,
                Guarantee.AT_LEAST_ONCE,
                List.of(),
                List.of(dir.resolve("missing.yaml")),
                List.of()));
    Path list = dir.resolve("list.yaml");
    Files.writeString(list, "a: [1, 2]\n");
    assertThrows(
        UsageException.class,
        () ->
            EngineSettings.resolve(
                e, Guarantee.AT_LEAST_ONCE, List.of(), List.of(list), List.of()));
  }

  @Test
  void everyShippedEngineConfigParses() {
    Home home = Home.detect();
    EngineRegistry registry = EngineRegistry.scan(home.enginesDir());
    assertTrue(registry.all().containsKey("baseline"));
    assertTrue(registry.all().containsKey("flink"));
    for (EngineDescriptor d : registry.all().values()) {
      for (Guarantee g : d.guarantees()) {
        Map<String, String> s = EngineSettings.resolve(d, g, List.of(), List.of(), List.of());
        assertTrue(!s.isEmpty(), d.name() + " has settings for " + g);
      }
    }
  }

  /** No shipped profile uses a retired Kafka client setting, or any other refused one. */
  @Test
  void everyShippedProfileResolves() {
    EngineRegistry registry = EngineRegistry.scan(Home.detect().enginesDir());
    for (EngineDescriptor d : registry.all().values()) {
      for (String profile : EngineSettings.profiles(d)) {
        Guarantee g = d.guarantees().get(0);
        assertTrue(
            !EngineSettings.resolve(d, g, List.of(profile), List.of(), List.of()).isEmpty(),
            d.name() + " " + profile);
      }
    }
  }

  @Test
  void retiredKafkaClientSettingsAreRefusedNamingTheirReplacement(@TempDir Path dir)
      throws Exception {
    EngineDescriptor e = engine(dir);
    UsageException set =
        assertThrows(
            UsageException.class,
            () ->
                EngineSettings.resolve(
                    e, Guarantee.AT_LEAST_ONCE, List.of(), List.of(), List.of("producer.acks=1")));
    assertEquals(
        "--set setting 'producer.acks' is no longer read: Kafka client settings are"
            + " kafka.consumer.* and kafka.producer.* in every engine; use 'kafka.producer.acks'",
        set.getMessage());
    Path file = dir.resolve("old.yaml");
    Files.writeString(file, "kafka:\n  source:\n    fetch.max.wait.ms: 5\n");
    UsageException fromFile =
        assertThrows(
            UsageException.class,
            () ->
                EngineSettings.resolve(
                    e, Guarantee.AT_LEAST_ONCE, List.of(), List.of(file), List.of()));
    assertTrue(
        fromFile.getMessage().startsWith(file + ": setting 'kafka.source.fetch.max.wait.ms'"),
        fromFile.getMessage());
    assertTrue(
        fromFile.getMessage().endsWith("use 'kafka.consumer.fetch.max.wait.ms'"),
        fromFile.getMessage());
    Map<String, String> current =
        EngineSettings.resolve(
            e,
            Guarantee.AT_LEAST_ONCE,
            List.of(),
            List.of(),
            List.of("kafka.producer.acks=1", "streams.main.consumer.max.poll.records=5"));
    assertEquals("1", current.get("kafka.producer.acks"));
  }

  @Test
  void registryRejectsWhatAnEngineCannotRun() {
    EngineRegistry registry = EngineRegistry.scan(Home.detect().enginesDir());
    assertThrows(
        UsageException.class, () -> registry.require("nope", "identity", Guarantee.AT_LEAST_ONCE));
    assertThrows(
        UsageException.class,
        () -> registry.require("baseline", "no-such-workload", Guarantee.AT_LEAST_ONCE));
  }
}
