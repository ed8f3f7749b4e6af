package org.streambench.engine.kafkastreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.JoinParts;

/** Each topology on bounded input in a TopologyTestDriver (no broker), on both state stores. */
class KafkaStreamsEngineTest {
  @TempDir Path runDir;

  @Test
  void ysbCommitsAtLeastEverySla() {
    Properties config =
        StreamsSettings.config(
            spec("ysb", Map.of("sla.ms", "250"), Map.of("streams.commit.interval.ms", "1000")));
    assertEquals("250", config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void groupingEmitsTheRunningCountAndSumPerRecord(String store) {
    try (Driver d = new Driver(spec("grouping", Map.of(), Map.of("state.store", store)))) {
      d.send("0,10,k1,5");
      d.send("1,11,k2,7");
      d.send("2,12,k1,1");
      List<String> out = d.outputs();
      assertEquals(3, out.size(), out::toString);
      assertTrue(out.get(0).startsWith("0,10,k1,1,5,"), out.get(0));
      assertTrue(out.get(2).startsWith("2,12,k1,2,6,"), out.get(2));
    }
  }

  @Test
  void stateMachineEndsSessionsAndAlertsOnInvalidTransitions() {
    try (Driver d = new Driver(spec("statemachine", Map.of(), Map.of()))) {
      d.send("in", "u1", "0,10,u1,login");
      d.send("in", "u1", "1,11,u1,request");
      d.send("in", "u1", "2,12,u1,logout");
      d.send("in", "u1", "3,13,u1,request");
      List<String> out = d.outputs();
      assertEquals(2, out.size(), out::toString);
      assertTrue(out.get(0).startsWith("2,12,u1,end,3,"), out.get(0));
      assertTrue(out.get(1).startsWith("3,13,u1,alert,OUT:request,"), out.get(1));
    }
  }

  @Test
  void wordCountEmitsFullCountWindows() {
    try (Driver d = new Driver(spec("wordcount", Map.of("window.size", "2"), Map.of()))) {
      d.send("{\"msgId\":0,\"eventTime\":5,\"sentence\":\"a b a\"}");
      d.send("{\"msgId\":1,\"eventTime\":9,\"sentence\":\"b c\"}");
      List<String> out = d.outputs();
      assertEquals(2, out.size(), out::toString);
      assertTrue(out.get(0).startsWith("a,2,5,5,"), out.get(0));
      assertTrue(out.get(1).startsWith("b,2,5,9,"), out.get(1));
    }
  }

  @Test
  void uriCountCountsPerEventTimeWindowAndDropsEndMarkers() {
    Map<String, String> params =
        Map.of(
            "parser",
            "jackson",
            "window.ms",
            "1000",
            "out.of.orderness.ms",
            "0",
            "lateness.ms",
            "0");
    try (Driver d = new Driver(spec("uricount", params, Map.of()))) {
      d.send("{\"seq\":0,\"time\":1500000,\"uri\":\"/a\"}");
      d.send("{\"seq\":1,\"time\":1700000,\"uri\":\"/a\"}");
      d.send("{\"seq\":2,\"time\":2100000,\"uri\":\"/a\"}");
      d.send("{\"seq\":3,\"time\":9000000,\"uri\":\"__end__\"}");
      d.driver.advanceWallClockTime(Duration.ofSeconds(2));
      List<String> out = d.outputs();
      assertTrue(out.stream().anyMatch(o -> o.startsWith("/a,1000000,2,1700000,")), out::toString);
      assertTrue(out.stream().anyMatch(o -> o.startsWith("/a,2000000,1,2100000,")), out::toString);
      assertTrue(out.stream().noneMatch(o -> o.startsWith("__end__")), out::toString);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void joinEmitsEachSampleOnceWhenItsTimerFires(String store) {
    Map<String, String> params = Map.of("streams", "2", "timer.ms", "1000");
    try (Driver d = new Driver(spec("join", params, Map.of("state.store", store)))) {
      d.send(JoinParts.topic("in", 0), "0,10,7,0,abc");
      d.send(JoinParts.topic("in", 0), "1,11,8,0,de");
      d.send(JoinParts.topic("in", 1), "2,12,7,1,fgh");
      assertEquals(List.of(), d.outputs());
      d.driver.advanceWallClockTime(Duration.ofMillis(1100));
      List<String> out = d.outputs();
      assertEquals(2, out.size(), out::toString);
      assertTrue(out.stream().anyMatch(o -> o.startsWith("7,3,6,10,12,")), out::toString);
      assertTrue(out.stream().anyMatch(o -> o.startsWith("8,1,2,11,11,")), out::toString);
      d.driver.advanceWallClockTime(Duration.ofSeconds(5));
      assertEquals(List.of(), d.outputs(), "emitted once");
    }
  }

  private JobSpec spec(String workload, Map<String, String> params, Map<String, String> settings) {
    Map<String, String> all = new HashMap<>(Map.of("streams.commit.interval.ms", "100"));
    all.putAll(settings);
    return new JobSpec(
        "test-" + workload,
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        Guarantee.AT_LEAST_ONCE,
        1,
        runDir,
        all,
        params);
  }

  /** A TopologyTestDriver on the spec's topology, its input and output topics as strings. */
  private static final class Driver implements AutoCloseable {
    final TopologyTestDriver driver;
    private final JobSpec spec;
    private final TestOutputTopic<String, String> output;
    private Instant time = Instant.ofEpochMilli(0);

    Driver(JobSpec spec) {
      this.spec = spec;
      Properties config = StreamsSettings.config(spec);
      driver = new TopologyTestDriver(KafkaStreamsEngine.topology(spec, config), config);
      output = driver.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
    }

    void send(String value) {
      send(spec.inputTopic(), null, value);
    }

    void send(String topic, String value) {
      send(topic, null, value);
    }

    void send(String topic, String key, String value) {
      TestInputTopic<String, String> in =
          driver.createInputTopic(topic, new StringSerializer(), new StringSerializer());
      time = time.plusMillis(1);
      in.pipeInput(key, value, time);
    }

    /** Output values without their exit stamp. */
    List<String> outputs() {
      return output.readValuesToList().stream()
          .map(v -> v.substring(0, v.lastIndexOf(',')))
          .toList();
    }

    @Override
    public void close() {
      driver.close();
    }
  }
}
