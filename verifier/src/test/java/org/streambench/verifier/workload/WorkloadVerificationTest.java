package org.streambench.verifier.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
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
import org.streambench.verifier.Verdict;
import org.streambench.verifier.workload.Replay.Input;

/**
 * Each workload's checks against a correct reference output, then with each kind of error injected:
 * a lost output, a duplicate, a wrong value, a phantom. Each must be named, counted and judged by
 * the guarantee.
 */
class WorkloadVerificationTest {
  private static final long SEED = 7;
  private static final long START = 1_763_790_000_000_000L;

  /** A workload's check of a run (made anew for each use), its records and their spacing in µs. */
  private record Case(Supplier<OutputCheck> check, int n, long step) {
    OutputCheck run() {
      return check.get();
    }
  }

  private static Verdict check(
      Case c, Function<List<Input>, List<String>> job, UnaryOperator<List<String>> damage) {
    OutputCheck check = c.run();
    List<Input> in = Replay.generate(check, c.n(), START, c.step());
    List<String> out = damage.apply(new ArrayList<>(job.apply(in)));
    return Replay.judge(check, c.n(), out);
  }

  private static GrepCheck grep(double matchFraction, String pattern, Guarantee g) {
    return new GrepCheck(new GrepLines(SEED, matchFraction, 8), Pattern.compile(pattern), g);
  }

  private static StateMachineCheck stateMachine(int reorderEvery, Guarantee g) {
    return new StateMachineCheck(new StateMachineInput(SEED, 20, 3, reorderEvery), 20, g);
  }

  private static UriCountCheck uriCount(Guarantee g) {
    return new UriCountCheck(new AccessLogs(SEED, 9), 1_000_000, 1_000_000, g);
  }

  private static UnaryOperator<List<String>> none() {
    return l -> l;
  }

  private static UnaryOperator<List<String>> drop(int i) {
    return l -> {
      l.remove(i);
      return l;
    };
  }

  private static UnaryOperator<List<String>> duplicate(int i) {
    return l -> {
      l.add(l.get(i));
      return l;
    };
  }

  private static UnaryOperator<List<String>> field(int i, int field, UnaryOperator<String> f) {
    return l -> {
      String[] parts = l.get(i).split(",", -1);
      parts[field] = f.apply(parts[field]);
      l.set(i, String.join(",", parts));
      return l;
    };
  }

  private static UnaryOperator<List<String>> add(String record) {
    return l -> {
      l.add(record);
      return l;
    };
  }

  private static UnaryOperator<String> plus(long d) {
    return s -> Long.toString(Long.parseLong(s) + d);
  }

  private static void assertValid(Verdict v) {
    assertEquals(
        Verdict.Status.VALID, v.status(), () -> "reasons: " + v.reasons() + " " + v.examples());
  }

  private static void assertInvalid(Verdict v, String kind, long count) {
    assertEquals(Verdict.Status.INVALID, v.status(), () -> "counts: " + v.counts());
    if (count < 0) {
      assertTrue(v.counts().get(kind) > 0, () -> kind + " counted: " + v.counts());
    } else {
      assertEquals(count, v.counts().get(kind), () -> "counts: " + v.counts());
    }
    assertFalse(
        v.examples().getOrDefault(kind, List.of()).isEmpty(),
        () -> "examples of " + kind + ": " + v.examples());
  }

  @Test
  void identityAndSleep() {
    for (int recordSize : new int[] {0, 100}) {
      Case c = new Case(() -> new IdentityCheck(recordSize, Guarantee.EXACTLY_ONCE), 500, 1000);
      Function<List<Input>, List<String>> job = ReferenceJobs::identity;
      assertValid(check(c, job, none()));
      assertInvalid(check(c, job, drop(10)), "lost", 1);
      assertInvalid(check(c, job, duplicate(10)), "duplicated", 1);
      assertInvalid(check(c, job, add("9999,1,2,3")), "phantom", 1);
    }
  }

  @Test
  void grep() {
    Case c = new Case(() -> grep(0.2, "ERROR", Guarantee.EXACTLY_ONCE), 2000, 1000);
    Function<List<Input>, List<String>> job = in -> ReferenceJobs.grep(in, "ERROR");
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, drop(3)), "lost", 1);
    assertInvalid(check(c, job, duplicate(3)), "duplicated", 1);
    // a line that does not match, passed through anyway
    GrepLines lines = new GrepLines(SEED, 0.2, 8);
    long seq = 0;
    while (lines.isError(seq)) {
      seq++;
    }
    byte[] buf = new byte[lines.maxBytes()];
    String nonMatching =
        new String(buf, 0, lines.encode(seq, START, buf), StandardCharsets.US_ASCII);
    assertInvalid(check(c, job, add(nonMatching + ",1,2")), "phantom", 1);
  }

  @Test
  void nexmark() {
    for (NexmarkQuery q : NexmarkQuery.values()) {
      if (q.shape() != NexmarkQuery.Shape.STATELESS) {
        continue;
      }
      Case c =
          new Case(
              () ->
                  new NexmarkCheck(
                      new NexmarkEvents(NexmarkEvents.Config.DEFAULT), q, Guarantee.EXACTLY_ONCE),
              8000,
              1000);
      Function<List<Input>, List<String>> job = in -> ReferenceJobs.nexmark(in, number(q));
      assertValid(check(c, job, none()));
      assertInvalid(check(c, job, drop(3)), "lost", 1);
      assertInvalid(check(c, job, duplicate(3)), "duplicated", 1);
      // the same row with its price one cent off: the query computed it wrong
      UnaryOperator<List<String>> offByOne =
          out -> {
            String[] f = out.get(0).split(",", -1);
            int price = q == NexmarkQuery.Q2 ? 3 : 4;
            f[price] =
                new java.math.BigDecimal(f[price]).add(java.math.BigDecimal.ONE).toPlainString();
            out.set(0, String.join(",", f));
            return out;
          };
      assertInvalid(check(c, job, offByOne), "wrong", 1);
      // a row for a person (seq 0): no query emits one
      assertInvalid(check(c, job, add(0 + "," + START + ",1,2,3,4,5,6,7")), "phantom", 1);
    }
    // a selection's row for a bid it does not keep is phantom only, whatever its columns
    NexmarkEvents events = new NexmarkEvents(NexmarkEvents.Config.DEFAULT);
    for (NexmarkQuery q : List.of(NexmarkQuery.Q2, NexmarkQuery.Q14)) {
      long skipped = 4;
      while (NexmarkEvents.kind(skipped) != NexmarkEvents.BID || q.keepsBidAt(events, skipped)) {
        skipped++;
      }
      Case c = new Case(() -> new NexmarkCheck(events, q, Guarantee.EXACTLY_ONCE), 8000, 1000);
      String columns = "1,2,3,4,5,6,7,8,9".substring(0, 2 * (q.outputColumns() + 2) - 1);
      Verdict v =
          check(
              c,
              in -> ReferenceJobs.nexmark(in, number(q)),
              add(skipped + "," + (START + skipped * 1000) + "," + columns));
      assertInvalid(v, "phantom", 1);
      assertEquals(0L, v.counts().get("wrong"), () -> q + " counts: " + v.counts());
    }
  }

  /**
   * A run that ends inside an out-of-order group: its last events' numbers and times lie past the
   * last record's, the end marker must still pass their windows, and the model agree with the
   * reference job.
   */
  @Test
  void nexmarkOutOfOrderEndingInsideAGroup() {
    long step = 5000;
    NexmarkEvents events =
        new NexmarkEvents(
            NexmarkEvents.Config.DEFAULT, NexmarkDisorder.of(500, 0, 0, seq -> seq * step));
    Replay replay =
        Replay.of(
            () -> new NexmarkStatefulCheck(events, NexmarkQuery.Q7, Guarantee.EXACTLY_ONCE, 4000),
            24_250,
            START,
            step);
    long latest =
        replay.input().stream()
            .mapToLong(i -> NexmarkEvents.eventTimeMs(i.value()))
            .max()
            .orElseThrow();
    assertTrue(latest * 1000 > replay.lastT(), "the last group's events lie past the last record");
    assertTrue(
        NexmarkEvents.eventTimeMs(replay.endMarker())
            >= latest + NexmarkQuery.endMarkerLeadMs(4000),
        "the end marker passes the latest event's windows");
    assertModelMatchesTheReferenceJob(replay, NexmarkQuery.Q7);
  }

  @ParameterizedTest
  @EnumSource(
      value = NexmarkQuery.class,
      names = {"Q3", "Q4", "Q5", "Q7", "Q8", "Q11"})
  void nexmarkStateful(NexmarkQuery q) {
    assertModelMatchesTheReferenceJob(JobCases.nexmark(q), q);
  }

  /**
   * Out of order (Beam's out-of-order groups and delayed events), the streaming model must still
   * give what the reference job computes from all the events at once.
   */
  @ParameterizedTest
  @EnumSource(NexmarkQuery.class)
  void nexmarkOutOfOrder(NexmarkQuery q) {
    Replay replay = JobCases.nexmarkOutOfOrder(q);
    if (q.shape() == NexmarkQuery.Shape.STATELESS) {
      List<String> out = ReferenceJobs.nexmark(replay.input(), number(q));
      replay.assertValidAndDamageCaught(out, Replay::dropOne);
      // the dateTime a row carries is the event's, not its record's intended time
      if (q != NexmarkQuery.Q2) {
        List<String> inOrderTimes = new ArrayList<>(out);
        for (int i = 0; i < inOrderTimes.size(); i++) {
          String[] f = inOrderTimes.get(i).split(",", -1);
          f[q == NexmarkQuery.Q14 ? 6 : 5] = Long.toString(Long.parseLong(f[1]) / 1000);
          inOrderTimes.set(i, String.join(",", f));
        }
        assertInvalid(replay.judge(inOrderTimes), "wrong", -1);
      }
      return;
    }
    assertModelMatchesTheReferenceJob(replay, q);
  }

  /** The query's number: 14 for q14. */
  private static int number(NexmarkQuery q) {
    return Integer.parseInt(q.name().substring(1));
  }

  private static void assertModelMatchesTheReferenceJob(Replay replay, NexmarkQuery q) {
    List<String> out = ReferenceJobs.nexmarkStateful(replay.input(), number(q));
    assertTrue(out.size() > 10, q + ": " + out.size() + " rows");
    assertEquals(
        Verdict.Status.VALID, replay.judge(out).status(), () -> q + " " + replay.judge(out));
    assertInvalid(replay.judge(Replay.dropOne(new ArrayList<>(out))), "lost", 1);
    List<String> twice = new ArrayList<>(out);
    twice.add(out.get(2));
    assertInvalid(replay.judge(twice), "duplicated", 1);
    // a column changed, or the time of the latest input that made the row
    for (int field : new int[] {2, 1}) {
      List<String> changed = new ArrayList<>(out);
      String[] f = changed.get(1).split(",", -1);
      f[field] = field == 1 ? Long.toString(Long.parseLong(f[1]) - 1) : f[field] + "x";
      changed.set(1, String.join(",", f));
      assertInvalid(replay.judge(changed), "wrong", 1);
    }
    // a row keyed by an event that was never generated
    List<String> phantom = new ArrayList<>(out);
    phantom.add(
        "1000000," + START + ",a,b,c,d,e,f".substring(0, 2 * q.outputColumns() + 1) + ",1,2");
    assertInvalid(replay.judge(phantom), "phantom", 1);
  }

  /** Two shares of q1's output, one with a wrong row and a duplicate, merged as agents' are. */
  @Test
  void nexmarkSharesMergeIntoOneVerdict() {
    NexmarkEvents events = new NexmarkEvents(NexmarkEvents.Config.DEFAULT);
    NexmarkCheck whole = new NexmarkCheck(events, NexmarkQuery.Q1, Guarantee.EXACTLY_ONCE);
    List<Input> in = Replay.generate(whole, 3000, START, 1000);
    List<String> out = new ArrayList<>(ReferenceJobs.nexmark(in, 1));
    String[] f = out.get(5).split(",", -1);
    f[4] = f[4] + "1";
    out.set(5, String.join(",", f));
    out.add(out.get(7));
    NexmarkCheck a = new NexmarkCheck(events, NexmarkQuery.Q1, Guarantee.EXACTLY_ONCE);
    NexmarkCheck b = new NexmarkCheck(events, NexmarkQuery.Q1, Guarantee.EXACTLY_ONCE);
    long[] stamps = new long[3];
    for (int i = 0; i < out.size(); i++) {
      byte[] line = out.get(i).getBytes(StandardCharsets.UTF_8);
      (i % 2 == 0 ? a : b).observe(line, stamps);
    }
    NexmarkCheck merged = new NexmarkCheck(events, NexmarkQuery.Q1, Guarantee.EXACTLY_ONCE);
    merged.replaceObservations(List.of(a.observations(), b.observations()));
    merged.expect(3000);
    Verdict v = merged.verdict();
    Verdict one = Replay.judge(whole, 3000, out);
    assertEquals(one.counts(), v.counts());
    assertEquals(1L, v.counts().get("wrong"));
    assertEquals(1L, v.counts().get("duplicated"));
    assertFalse(v.examples().getOrDefault("wrong", List.of()).isEmpty(), "the wrong row's example");
  }

  @Test
  void grepWithAnotherPatternExpectsItsMatches() {
    Case c = new Case(() -> grep(0.1, "WARN|DEBUG", Guarantee.AT_LEAST_ONCE), 1000, 1000);
    assertValid(check(c, in -> ReferenceJobs.grep(in, "WARN|DEBUG"), none()));
    assertInvalid(check(c, in -> ReferenceJobs.grep(in, "WARN"), none()), "lost", -1);
  }

  @Test
  void grouping() {
    Case c =
        new Case(
            () ->
                new GroupingCheck(
                    new GroupingRecords(SEED, KeyDistribution.of("zipf", 50, 1.0)),
                    50,
                    Guarantee.EXACTLY_ONCE),
            3000,
            1000);
    Function<List<Input>, List<String>> job = ReferenceJobs::grouping;
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, drop(2999)), "lost", 1);
    assertInvalid(check(c, job, duplicate(5)), "duplicated", 1);
    Verdict wrongSum = check(c, job, l -> field(l.size() - 1, 4, plus(1)).apply(l));
    assertInvalid(wrongSum, "keys.wrong", 1);
    Verdict overcount = check(c, job, l -> field(l.size() - 1, 3, plus(1)).apply(l));
    assertInvalid(overcount, "keys.overcounted", 1);
  }

  @Test
  void stateMachine() {
    Case c = new Case(() -> stateMachine(0, Guarantee.EXACTLY_ONCE), 3000, 1000);
    Function<List<Input>, List<String>> job = ReferenceJobs::stateMachine;
    Verdict ok = check(c, job, none());
    assertValid(ok);
    assertEquals(0L, ok.counts().get("alerts"));
    assertTrue(ok.counts().get("expected") > 100, "sessions ended: " + ok.counts());
    assertInvalid(check(c, job, drop(0)), "lost", 1);
    assertInvalid(check(c, job, duplicate(0)), "duplicated", 1);
    assertInvalid(check(c, job, field(0, 4, plus(1))), "sessions.long", 1);
    assertInvalid(check(c, job, field(0, 4, plus(-1))), "sessions.short", 1);
  }

  @Test
  void reorderedSessionsRaiseAlertsThatExactlyOnceRejects() {
    Case eo = new Case(() -> stateMachine(10, Guarantee.EXACTLY_ONCE), 3000, 1000);
    Verdict v = check(eo, ReferenceJobs::stateMachine, none());
    assertEquals(Verdict.Status.INVALID, v.status());
    assertTrue(v.counts().get("alerts") > 5, "alerts: " + v.counts());
    Case alo = new Case(() -> stateMachine(10, Guarantee.AT_LEAST_ONCE), 3000, 1000);
    Verdict weaker = check(alo, ReferenceJobs::stateMachine, none());
    assertValid(weaker);
    assertTrue(weaker.counts().get("alerts") > 5, "alerts are counted: " + weaker.counts());
  }

  @Test
  void wordCount() {
    Case c =
        new Case(
            () ->
                new WordCountCheck(
                    new WordSentences(SEED, 10, KeyDistribution.of("zipf", 30, 1.0)),
                    30,
                    10,
                    Guarantee.EXACTLY_ONCE),
            500,
            1000);
    Function<List<Input>, List<String>> job = in -> ReferenceJobs.wordCount(in, 10);
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, drop(0)), "lost", 1);
    assertInvalid(check(c, job, duplicate(0)), "duplicated", 1);
    assertInvalid(check(c, job, field(0, 1, plus(1))), "wrong", 1);
    assertInvalid(check(c, job, add("nosuchword,10,1,2,3,4,5")), "phantom", 1);
  }

  @Test
  void ysb() {
    Case c =
        new Case(
            () -> new YsbCheck(new YsbEvents(SEED, 5, 10), 1000, Guarantee.EXACTLY_ONCE),
            3000,
            1000);
    Function<List<Input>, List<String>> job =
        in -> ReferenceJobs.ysb(in, new YsbEvents(SEED, 5, 10), 1000);
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, drop(0)), "lost", -1);
    assertInvalid(check(c, job, field(0, 2, plus(2))), "duplicated", 2);
    assertInvalid(check(c, job, field(0, 1, plus(1))), "phantom", 1);
    // revised updates: an earlier, lower count of a window does not hide the final one
    assertValid(
        check(
            c,
            job,
            l -> {
              String[] early = l.get(0).split(",");
              early[2] = "1";
              l.add(0, String.join(",", early));
              return l;
            }));
  }

  @Test
  void join() {
    Case c =
        new Case(
            () ->
                new JoinCheck(
                    new JoinParts(SEED, 3, 30, 8), 8, 10_000_000L, Guarantee.EXACTLY_ONCE),
            900,
            1000);
    Function<List<Input>, List<String>> job = in -> ReferenceJobs.join(in, 8);
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, drop(0)), "lost", 1);
    assertInvalid(check(c, job, duplicate(0)), "duplicated", 1);
    assertInvalid(check(c, job, field(0, 1, s -> "3")), "incomplete", 1);
    assertInvalid(check(c, job, add("99999,7,24,1,2,3,4")), "phantom", 1);
  }

  @Test
  void joinSpreadsPartsOverItsStreams() {
    OutputCheck run =
        new JoinCheck(new JoinParts(SEED, 3, 3000, 100), 100, 10_000_000L, Guarantee.AT_LEAST_ONCE);
    int[] perStream = new int[3];
    for (Input r : Replay.generate(run, 3000, START, 1000)) {
      perStream[r.stream()]++;
      assertEquals(r.stream(), Integer.parseInt(r.value().split(",")[3]));
    }
    assertEquals(List.of(1000, 1000, 1000), List.of(perStream[0], perStream[1], perStream[2]));
  }

  @Test
  void uriCount() {
    Case c = new Case(() -> uriCount(Guarantee.EXACTLY_ONCE), 3000, 1000);
    Function<List<Input>, List<String>> job = in -> ReferenceJobs.uriCount(in, 1000);
    assertValid(check(c, job, none()));
    assertInvalid(check(c, job, field(0, 2, s -> "1")), "lost", -1);
    assertInvalid(check(c, job, field(0, 2, plus(3))), "duplicated", 3);
    assertInvalid(check(c, job, add("/nowhere,0,5,1,2,3")), "phantom", 1);
  }

  @Test
  void uriCountEndMarkerLiesBeyondTheLastWindow() {
    OutputCheck run = uriCount(Guarantee.AT_LEAST_ONCE);
    byte[] buf = new byte[run.maxRecordBytes()];
    String marker = new String(buf, 0, run.encodeEndMarker(START, buf), StandardCharsets.US_ASCII);
    assertTrue(marker.contains("\"uri\":\"__end__\""), marker);
    assertTrue(marker.contains("\"time\":" + (START + 1_000_000 + 1_000_000 + 1_000_000)), marker);
  }
}
