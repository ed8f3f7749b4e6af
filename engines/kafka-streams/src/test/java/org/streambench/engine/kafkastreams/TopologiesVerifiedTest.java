package org.streambench.engine.kafkastreams;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.YsbEvents;
import org.streambench.verifier.workload.JobCases;
import org.streambench.verifier.workload.Replay;

/**
 * Every workload's topology, as the engine builds it (its Kafka stamps included), fed input
 * generated as the harness generates it through a {@link TopologyTestDriver}, its output judged by
 * the harness's own check of that workload (the verifier module): valid as the topology emits it,
 * invalid with one line lost or altered. Event time comes from the records, so the input's own
 * progress (and uricount's end marker) closes the windows.
 */
class TopologiesVerifiedTest {

  @TempDir Path runDir;

  @Test
  void identity() {
    Replay replay = JobCases.identity(1000);
    replay.assertValidAndDamageCaught(run("identity", Map.of(), replay), Replay::dropOne);
  }

  @Test
  void sleep() {
    Replay replay = JobCases.identity(100);
    List<String> out = run("sleep", Map.of("sleep.ms", "1"), replay);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grep() {
    Replay replay = JobCases.grep("ERROR|WARN");
    List<String> out = run("grep", Map.of("pattern", "ERROR|WARN"), replay);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grouping() {
    Replay replay = JobCases.grouping(2000);
    List<String> out = run("grouping", Map.of("keys", "50"), replay);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void stateMachine() {
    Replay replay = JobCases.stateMachine(2000);
    List<String> out = run("statemachine", Map.of("keys", "20"), replay);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void wordCount() {
    Replay replay = JobCases.wordCount();
    List<String> out = run("wordcount", Map.of("window.size", "10"), replay);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /**
   * ysb with its Redis client ({@link YsbTopology.Redis}) over a map holding the ad → campaign map
   * the harness loads into Redis; what the topology writes to Redis is not checked here (the
   * harness's integration tests check Redis), only its Kafka output.
   */
  @Test
  void ysb() {
    YsbEvents events = JobCases.ysbEvents();
    Replay replay = JobCases.ysb();
    Map<String, String> redis = new ConcurrentHashMap<>();
    for (int ad = 0; ad < events.ads(); ad++) {
      redis.put(events.adId(ad), events.campaignId(events.campaignOf(ad)));
    }
    JobSpec spec =
        TestRuns.spec(
            runDir,
            "ysb",
            Map.of(
                "redis.host", "unused",
                "redis.port", "0",
                "redis.prefix", "r1:",
                "window.ms", "1000",
                "out.of.orderness.ms", "100",
                "lateness.ms", "60000",
                "sla.ms", "1000"),
            Map.of());
    StreamsBuilder builder = new StreamsBuilder();
    YsbTopology.build(builder, spec, () -> new MapRedis(redis));
    List<String> out;
    try (TopologyTestDriver driver = TestRuns.driver(spec, builder)) {
      pipe(TestRuns.input(driver), replay);
      out = TestRuns.output(driver);
    }
    replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
  }

  /** join's timers are wall-clock punctuations: the driver's clock moves 2 ms per record. */
  @Test
  void join() {
    Replay replay = JobCases.join(600);
    JobSpec spec =
        TestRuns.spec(
            runDir,
            "join",
            Map.of("streams", "3", "timer.ms", "1000"),
            Map.of("state.store", "in-memory"));
    List<String> out;
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      List<TestInputTopic<String, String>> topics = new ArrayList<>();
      for (int p = 0; p < 3; p++) {
        topics.add(TestRuns.input(driver, JoinParts.topic(TestRuns.INPUT, p)));
      }
      for (Replay.Input r : replay.input()) {
        topics.get(r.stream()).pipeInput(r.key(), r.value());
        driver.advanceWallClockTime(Duration.ofMillis(2));
      }
      driver.advanceWallClockTime(Duration.ofSeconds(2));
      out = TestRuns.output(driver);
    }
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void uriCount() {
    Replay replay = JobCases.uriCount(100_000);
    JobSpec spec = TestRuns.uriCount(runDir, "jackson", 1_000, 100);
    List<String> out;
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      pipe(input, replay);
      input.pipeInput(replay.endMarker());
      out = TestRuns.output(driver);
    }
    // the topology emits every revision of a window's count: a lost line hides in the next one
    replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
  }

  // --- the driver and the judgement

  private List<String> run(String workload, Map<String, String> params, Replay replay) {
    try (TopologyTestDriver driver =
        TestRuns.driver(TestRuns.spec(runDir, workload, params, Map.of()))) {
      pipe(TestRuns.input(driver), replay);
      return TestRuns.output(driver);
    }
  }

  /** The input with its Kafka keys (statemachine's user), in seq order. */
  private static void pipe(TestInputTopic<String, String> topic, Replay replay) {
    for (Replay.Input r : replay.input()) {
      topic.pipeInput(r.key(), r.value());
    }
  }

  /** Redis as a map: {@code GET} of the ad map; window hashes kept, not checked. */
  private record MapRedis(Map<String, String> map) implements YsbTopology.Redis {
    @Override
    public String get(String key) {
      return map.get(key);
    }

    @Override
    public void hset(String key, Map<String, String> fields) {
      map.put(key, fields.get("seen_count") + "," + fields.get("time_updated"));
    }

    @Override
    public void close() {}
  }
}
