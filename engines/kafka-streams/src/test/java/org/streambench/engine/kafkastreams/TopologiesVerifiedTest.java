package org.streambench.engine.kafkastreams;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.api.workload.YsbRedisForClass;
import org.streambench.api.workload.YsbTestRedis;
import org.streambench.verifier.workload.JobCases;
import org.streambench.verifier.workload.Replay;

/**
 * Every workload's topology, as the engine builds it (its Kafka stamps included), fed input
 * generated as the harness generates it through a {@link TopologyTestDriver}, its output judged by
 * the harness's own check of that workload (the verifier module): valid as the topology emits it,
 * invalid with one line lost or altered. Event time comes from the records, so the input's own
 * progress (and uricount's end marker) closes the windows. ysb's topology talks to a real Redis
 * ({@link YsbTestRedis}), one redis-server for the class.
 */
class TopologiesVerifiedTest {

  @TempDir Path runDir;

  /** ysb's Redis: a real redis-server holding the ad → campaign map. */
  @RegisterExtension
  static final YsbRedisForClass redis = YsbRedisForClass.loading(JobCases::ysbEvents);

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

  /**
   * Every Nexmark query; a windowed one with its watermark delay as the harness passes it and the
   * end marker after the input, as the rig writes it to every input partition. The driver has one
   * partition per topic and runs the whole topology as one task, so how the markers reach every
   * task and wait for each other is {@link WindowedTopologiesTest}'s.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(NexmarkQuery.class)
  void nexmark(NexmarkQuery q) {
    assertNexmarkVerified(JobCases.nexmark(q), q);
  }

  /**
   * Out of order as Beam's generator sends them: each row must be the one of events in order. q11's
   * session windows on every version (how late events join and merge sessions is the engine's own
   * code, which each version runs here); the other windowed queries on the default version only (CI
   * time).
   */
  @Test
  void nexmarkSessionsOutOfOrder() {
    assertNexmarkVerified(JobCases.nexmarkOutOfOrder(NexmarkQuery.Q11), NexmarkQuery.Q11);
  }

  /** The other windowed queries out of order, on the default version only. */
  @Tag("default-version-only")
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(
      value = NexmarkQuery.class,
      names = {"Q4", "Q5", "Q7", "Q8"})
  void nexmarkOutOfOrder(NexmarkQuery q) {
    assertNexmarkVerified(JobCases.nexmarkOutOfOrder(q), q);
  }

  private void assertNexmarkVerified(Replay replay, NexmarkQuery q) {
    Map<String, String> params =
        q.shape() == NexmarkQuery.Shape.WINDOWED ? JobCases.nexmarkParams() : Map.of();
    List<String> out;
    JobSpec spec = TestRuns.spec(runDir, q.workload(), params, Map.of());
    try (TopologyTestDriver driver = TestRuns.driver(spec, TestRuns.nexmark(q, spec))) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      pipe(input, replay);
      if (replay.endMarker() != null) {
        input.pipeInput(replay.endMarker());
      }
      out = TestRuns.output(driver);
    }
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
   * ysb as the engine builds it ({@link YsbTopology#build(StreamsBuilder, JobSpec)}): its campaign
   * lookup and its window writes go through its own Jedis clients to a real Redis, loaded with the
   * ad → campaign map as the harness loads it. The Kafka output is judged, and the window hashes
   * the topology left in Redis are checked as the harness checks them after a run.
   */
  @Test
  void ysb() {
    Replay replay = JobCases.ysb();
    String prefix = "sb:ysb-kafka-streams:";
    Map<String, String> params = new HashMap<>(redis.get().params(prefix));
    params.putAll(
        Map.of(
            "window.ms", "1000",
            "out.of.orderness.ms", "100",
            "lateness.ms", "60000",
            "sla.ms", "1000"));
    long started = System.currentTimeMillis();
    List<String> out = run("ysb", params, replay);
    replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
    redis.get().assertWindows(prefix, JobCases.ysbWindowCounts(), started);
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
}
