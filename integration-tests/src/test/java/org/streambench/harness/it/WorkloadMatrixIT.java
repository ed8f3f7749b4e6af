package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.api.Guarantee;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Every registered engine × every workload it registers, in turn (identity has its own matrix; the
 * workloads fall in {@link #GROUPS} of a kind, and each engine runs one workload of each group,
 * each workload on at least one engine; a workload without parameters here fails, so none is
 * skipped silently), at small scale on the real embedded broker (and Redis for ysb): the output
 * must verify as valid. Windows and timers are shortened so that a few seconds of input produce
 * closed windows.
 */
class WorkloadMatrixIT {
  /**
   * Nexmark's events out of order through the whole path (generator, partitions, engine, check):
   * Beam's out-of-order groups of 1,000 (0.5 s at the 2,000 events/s here) and a tenth of the
   * events delayed by up to 1 s, 1.5 s at most, which leaves the windowed queries' 4 s watermark
   * delay 2.5 s for partitions read unevenly.
   */
  private static final Map<String, String> NEXMARK_OUT_OF_ORDER =
      Map.of(
          "out-of-order.group.size", "1000",
          "delayed.event.probability", "0.1",
          "occasional.delay.s", "1");

  /** Small-scale parameters and the guarantee each workload is tested with. */
  private static final Map<String, Map<String, String>> PARAMS =
      Map.ofEntries(
          Map.entry("sleep", Map.of("sleep.ms", "1")),
          Map.entry("grep", Map.of()),
          Map.entry("grouping", Map.of("keys", "500")),
          Map.entry("statemachine", Map.of("keys", "200")),
          Map.entry("wordcount", Map.of("vocabulary", "200")),
          Map.entry(
              "ysb", Map.of("window.ms", "2000", "sla.ms", "500", "out.of.orderness.ms", "200")),
          // the workload's default timer: it must outlast an engine's start-up skew across the
          // three input streams on a busy 2-core machine (Kafka Streams once saw one over 1 s late)
          Map.entry("join", Map.of("timer.ms", "10000", "delay.records", "300")),
          // lateness covers a spout task or stream thread that starts late (Storm, Kafka Streams)
          Map.entry(
              "uricount",
              Map.of("window.ms", "2000", "out.of.orderness.ms", "200", "lateness.ms", "5000")),
          Map.entry("nexmark-q0", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q1", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q2", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q3", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q4", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q5", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q7", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q8", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q11", NEXMARK_OUT_OF_ORDER),
          Map.entry("nexmark-q14", NEXMARK_OUT_OF_ORDER));

  /** Preferred guarantees; an engine without exactly-once runs its strongest one instead. */
  private static final Map<String, Guarantee> GUARANTEE =
      Map.of("statemachine", Guarantee.EXACTLY_ONCE, "wordcount", Guarantee.EXACTLY_ONCE);

  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /**
   * Workloads of one kind, which exercise the same parts of an engine between its Kafka ends: each
   * engine runs one of each group here (in turn: the group's workloads dealt out over the engines),
   * which covers every engine's side of each kind (its Kafka source and sink, its state and windows
   * under the guarantee, the harness's generator, parameters and output check) without a run per
   * engine and workload in CI; each engine's own tests run every workload's job on input checked by
   * the same verifier. With engines named ({@link TestEngines#PROPERTY}) each runs all of them.
   */
  private static final List<List<String>> GROUPS =
      List.of(
          // a per-record function between identity's ends (EngineMatrixIT runs those ends on every
          // engine and guarantee)
          List.of("sleep", "grep", "nexmark-q0", "nexmark-q1", "nexmark-q2", "nexmark-q14"),
          // keyed state, shuffled by key (statemachine and wordcount under exactly-once; in this
          // order Kafka Streams runs wordcount, whose RocksDB stores are checked below)
          List.of("statemachine", "wordcount", "grouping"),
          // event-time windows closed by watermarks (ysb's counts also in Redis)
          List.of("ysb", "uricount"),
          // joins of streams, with timers or incremental state
          List.of("join", "nexmark-q3"),
          // Nexmark's windowed queries: a watermark the slowest partition's, windows closed by the
          // end marker on each
          List.of("nexmark-q4", "nexmark-q5", "nexmark-q7", "nexmark-q8", "nexmark-q11"));

  static Stream<Arguments> engineWorkloads() {
    List<EngineDescriptor> engines = TestEngines.selected();
    return engines.stream()
        .flatMap(
            e ->
                e.workloads().stream()
                    .filter(w -> !w.equals("identity"))
                    .filter(w -> TestEngines.named() || inTurn(e, w, engines))
                    .map(
                        w ->
                            Arguments.of(
                                e.name(),
                                w,
                                TestEngines.guarantee(
                                    e, GUARANTEE.getOrDefault(w, Guarantee.AT_LEAST_ONCE)))));
  }

  /**
   * Whether {@code engine} runs {@code workload} here: in its group, turn t (0, 1, ... up to the
   * larger of the group's size and the engines') pairs the group's workload t (round) with engine t
   * (round), so every engine gets one and every workload one; a workload in no group runs
   * everywhere.
   */
  private static boolean inTurn(
      EngineDescriptor engine, String workload, List<EngineDescriptor> engines) {
    List<String> group = GROUPS.stream().filter(g -> g.contains(workload)).findFirst().orElse(null);
    if (group == null) {
      return true;
    }
    List<EngineDescriptor> running =
        engines.stream().filter(e -> e.workloads().contains(workload)).toList();
    int w = group.indexOf(workload);
    int e = running.indexOf(engine);
    for (int turn = 0; turn < Math.max(group.size(), running.size()); turn++) {
      if (turn % group.size() == w && turn % running.size() == e) {
        return true;
      }
    }
    return false;
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("engineWorkloads")
  @Timeout(180)
  void workloadIsValid(String engine, String workload, Guarantee g) throws Exception {
    assertNotNull(
        PARAMS.get(workload),
        () -> workload + " is registered but has no small-scale parameters in WorkloadMatrixIT");
    long rate = workload.equals("sleep") ? 500 : 2_000;
    // 2 s of warm-up and 3 s of steady state: the 2 s windows above close at least once in it
    RunResult r =
        kafka.run(SharedBroker.workload(engine, workload, g, PARAMS.get(workload), rate, 2, 3));

    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(
        Verdict.Status.VALID,
        r.verdict(),
        () -> "reasons: " + r.reasons() + " " + r.verificationExamples());
    assertTrue(r.verification().getOrDefault("received", 0L) > 0, "output received");
    assertTrue(r.endToEndLatencyMicros().count() > 0, "latency recorded");
    if (workload.equals("ysb")) {
      // a 2 s window ends in the 3 s of steady state, and its latency is taken
      assertNotNull(r.ysbWindowLatency(), "YSB window latency of the steady state's windows");
      assertTrue(
          (Long) r.workloadResults().get("ysbWindowsOutsideSteadyState") > 0,
          "the warm-up's windows left out");
      assertEquals(0L, r.verification().get("redis.lost"), "Redis counts");
    }
    assertNotNull(
        r.processes().stream()
            .filter(p -> p.role().equals("engine"))
            .findFirst()
            .orElseThrow()
            .gc(),
        "the engine's GC log read");
    if (EngineDescriptor.familyOf(engine).equals("flink")) {
      // checkpoints every second (conf/<guarantee>.yaml), followed through its REST API
      assertNotNull(r.checkpoints(), "Flink's checkpoints");
      Checkpoint c =
          r.checkpoints().stream()
              .filter(k -> k.status().equals("completed"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no completed checkpoint: " + r.checkpoints()));
      assertTrue(
          c.stateBytes() > 0 && c.alignmentMillis() >= 0 && c.startDelayMillis() >= 0,
          () -> "checkpoint figures: " + c);
    }
    if (EngineDescriptor.familyOf(engine).equals("kafka-streams") && workload.equals("wordcount")) {
      // its RocksDB stores under state.dir fill as words arrive
      List<Long> state = r.stateBytesPerSecond();
      assertTrue(
          state.get(state.size() - 1) > state.get(0) && state.get(state.size() - 1) > 0,
          "state on disk grows: " + state);
    }
  }

  /** The turns leave no workload and no engine's share of a group out (nor the state check). */
  @Test
  void everyWorkloadRunsOnAnEngineAndEveryEngineRunsOneOfEachGroup() {
    List<List<Object>> runs = engineWorkloads().map(a -> List.of(a.get()[0], a.get()[1])).toList();
    for (EngineDescriptor e : TestEngines.selected()) {
      for (String w : e.workloads()) {
        if (!w.equals("identity")) {
          assertTrue(
              runs.stream().anyMatch(r -> r.get(1).equals(w)), () -> w + " runs nowhere: " + runs);
        }
      }
      for (List<String> group : GROUPS) {
        assertTrue(
            runs.stream().anyMatch(r -> r.get(0).equals(e.name()) && group.contains(r.get(1)))
                || group.stream().noneMatch(e.workloads()::contains),
            () -> e.name() + " runs none of " + group + ": " + runs);
      }
    }
    if (TestEngines.isSelected("kafka-streams")) {
      assertTrue(runs.contains(List.of("kafka-streams", "wordcount")), runs::toString);
    }
  }

  @Test
  @Timeout(180)
  void reorderedStateMachineInputIsCaughtByTheZeroAlertCheck() throws Exception {
    RunResult r =
        kafka.run(
            SharedBroker.workload(
                "flink",
                "statemachine",
                Guarantee.EXACTLY_ONCE,
                Map.of("keys", "200", "reorder.every", "20"),
                2_000,
                2,
                3));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.INVALID, r.verdict());
    assertTrue(r.verification().get("alerts") > 0, () -> "alerts: " + r.verification());
  }

  /** Every engine × workload it registers an in-job source for (none is fine: no tests). */
  @TestFactory
  Stream<DynamicTest> inJobSourceRunsAreVerified() {
    return TestEngines.selected().stream()
        .flatMap(
            e ->
                e.inJobWorkloads().stream()
                    .map(
                        w ->
                            DynamicTest.dynamicTest(
                                e.name() + " in-job " + w,
                                () ->
                                    assertTimeoutPreemptively(
                                        Duration.ofSeconds(180),
                                        () -> assertInJobRunIsValid(e.name(), w)))));
  }

  private static void assertInJobRunIsValid(String engine, String workload) throws Exception {
    RunResult r = kafka.run(SharedBroker.inJob(engine, workload, 50_000));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertTrue(r.throughput().inPerSecond() > 0);
    assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("framework-limit run")));
  }
}
