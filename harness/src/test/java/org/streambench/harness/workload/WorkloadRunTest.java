package org.streambench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.KeyDistribution;
import org.streambench.api.workload.NexmarkDisorder;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.api.workload.StateMachineInput;
import org.streambench.api.workload.WordSentences;
import org.streambench.api.workload.YsbEvents;
import org.streambench.harness.UsageException;
import org.streambench.verifier.workload.GrepCheck;
import org.streambench.verifier.workload.GroupingCheck;
import org.streambench.verifier.workload.IdentityCheck;
import org.streambench.verifier.workload.JoinCheck;
import org.streambench.verifier.workload.NexmarkCheck;
import org.streambench.verifier.workload.NexmarkStatefulCheck;
import org.streambench.verifier.workload.OutputCheck;
import org.streambench.verifier.workload.StateMachineCheck;
import org.streambench.verifier.workload.UriCountCheck;
import org.streambench.verifier.workload.WordCountCheck;
import org.streambench.verifier.workload.YsbCheck;

/**
 * Each workload's run hands its typed {@code --param} values to the verifier's check (whose own
 * tests, in the verifier module, judge output): a run made from parameters generates the same
 * input, keys and streams, and expects the same output, as the check made from those values
 * directly.
 */
class WorkloadRunTest {
  private static final long SEED = 11;
  private static final Guarantee G = Guarantee.EXACTLY_ONCE;

  /** The rate {@link #same} encodes at: a record every 1,000 µs. */
  private static final long RATE = 1000;

  @Test
  void everyWorkloadPassesItsParametersToItsCheck() {
    same("identity", Map.of("record.size", "64"), new IdentityCheck(64, G));
    same("sleep", Map.of("sleep.ms", "5"), new IdentityCheck(0, G));
    same(
        "grep",
        Map.of("match.fraction", "0.3", "pattern", "WARN|DEBUG", "words", "5"),
        new GrepCheck(new GrepLines(SEED, 0.3, 5), Pattern.compile("WARN|DEBUG"), G));
    same(
        "grouping",
        Map.of("keys", "40", "distribution", "zipf", "zipf.exponent", "1.2"),
        new GroupingCheck(new GroupingRecords(SEED, KeyDistribution.of("zipf", 40, 1.2)), 40, G));
    same(
        "statemachine",
        Map.of("keys", "30", "requests.mean", "2", "reorder.every", "7"),
        new StateMachineCheck(new StateMachineInput(SEED, 30, 2, 7), 30, G));
    same(
        "wordcount",
        Map.of("vocabulary", "50", "words", "6", "window.size", "4"),
        new WordCountCheck(
            new WordSentences(SEED, 6, KeyDistribution.of("uniform", 50, 1.0)), 50, 4, G));
    same(
        "ysb",
        Map.of("campaigns", "7", "ads.per.campaign", "3", "window.ms", "2000"),
        new YsbCheck(new YsbEvents(SEED, 7, 3), 2000, G));
    same(
        "join",
        Map.of("streams", "2", "delay.records", "20", "timer.ms", "500", "payload.bytes", "9"),
        new JoinCheck(new JoinParts(SEED, 2, 20, 9), 9, 500_000, G));
    same(
        "uricount",
        Map.of("uris", "5", "window.ms", "2000", "out.of.orderness.ms", "300"),
        new UriCountCheck(new AccessLogs(SEED, 5), 2_000_000, 300_000, G));
    NexmarkEvents.Config small = new NexmarkEvents.Config(3, 5, 6, 50, 20, 100, 200, 50, 1000);
    Map<String, String> nexmark =
        Map.of(
            "hot.auction.ratio", "3",
            "hot.sellers.ratio", "5",
            "hot.bidders.ratio", "6",
            "active.people", "50",
            "in-flight.auctions", "20",
            "person.bytes", "100",
            "auction.bytes", "200",
            "bid.bytes", "50",
            "inter-event.delay.us", "1000");
    same("nexmark-q1", nexmark, new NexmarkCheck(new NexmarkEvents(small), NexmarkQuery.Q1, G));
    same(
        "nexmark-q3",
        nexmark,
        new NexmarkStatefulCheck(new NexmarkEvents(small), NexmarkQuery.Q3, G, 0));
    Map<String, String> windowed = new java.util.HashMap<>(nexmark);
    windowed.put("watermark.delay.ms", "700");
    same(
        "nexmark-q8",
        windowed,
        new NexmarkStatefulCheck(new NexmarkEvents(small), NexmarkQuery.Q8, G, 700));
    Map<String, String> disordered = new java.util.HashMap<>(nexmark);
    disordered.put("out-of-order.group.size", "10");
    disordered.put("delayed.event.probability", "0.1");
    disordered.put("occasional.delay.s", "1");
    Map<String, String> disorderedWindowed = new java.util.HashMap<>(disordered);
    disorderedWindowed.put("watermark.delay.ms", "2000");
    NexmarkEvents outOfOrder =
        new NexmarkEvents(small, NexmarkDisorder.of(10, 0.1, 1, seq -> seq * 1000));
    same("nexmark-q1", disordered, new NexmarkCheck(outOfOrder, NexmarkQuery.Q1, G));
    same(
        "nexmark-q7",
        disorderedWindowed,
        new NexmarkStatefulCheck(outOfOrder, NexmarkQuery.Q7, G, 2000));
  }

  /**
   * Out-of-order groups take their times from the schedule, and a windowed query's events must
   * trail the newest by less than its watermark delay: a clear usage error otherwise.
   */
  @Test
  void nexmarkDisorderTheRunCannotHonourIsRefused() {
    Workload q7 = Workloads.get("nexmark-q7");
    Params grouped = Params.resolve(q7, Map.of("out-of-order.group.size", "1000"));
    UsageException unpaced = assertThrows(UsageException.class, () -> q7.validate(grouped, 0));
    assertTrue(unpaced.getMessage().contains("paced run"), unpaced.getMessage());
    // 1,000 events at 100/s span 10 s, past the 4 s watermark delay
    UsageException late = assertThrows(UsageException.class, () -> q7.validate(grouped, 100));
    assertTrue(late.getMessage().contains("watermark.delay.ms 4000"), late.getMessage());
    q7.validate(grouped, 10_000);
    Workload q1 = Workloads.get("nexmark-q1");
    q1.validate(Params.resolve(q1, Map.of("out-of-order.group.size", "1000")), 100);
    UsageException inOrder =
        assertThrows(
            UsageException.class, () -> Params.resolve(q7, Map.of("out-of-order.group.size", "8")));
    assertTrue(inOrder.getMessage().contains("divides 952"), inOrder.getMessage());
  }

  private static void same(String workload, Map<String, String> params, OutputCheck expected) {
    Workload w = Workloads.get(workload);
    WorkloadRun run = w.newRun(Params.resolve(w, params), SEED, G, RATE);
    OutputCheck got = run.check();
    assertEquals(expected.getClass(), got.getClass(), workload);
    assertEquals(expected.maxRecordBytes(), run.maxRecordBytes(), workload);
    assertEquals(expected.outputDelayMicros(), run.outputDelayMicros(), workload);
    assertEquals(expected.encodesConcurrently(), run.encodesConcurrently(), workload);
    byte[] a = new byte[expected.maxRecordBytes()];
    byte[] b = new byte[run.maxRecordBytes()];
    long t = 1_763_790_000_000_000L;
    int n = 3000;
    for (long seq = 0; seq < n; seq++, t += 1000) {
      int len = expected.encode(seq, t, a);
      assertArrayEquals(Arrays.copyOf(a, len), Arrays.copyOf(b, run.encode(seq, t, b)), workload);
      assertEquals(expected.stream(), run.stream(), workload);
      assertArrayEquals(expected.key(), run.key(), workload);
    }
    assertEquals(expected.encodeEndMarker(t, a), run.encodeEndMarker(t, b), workload);
    expected.expect(n);
    run.expect(n);
    assertEquals(expected.verdict(), run.verdict(), workload + ": the same output expected");
  }
}
