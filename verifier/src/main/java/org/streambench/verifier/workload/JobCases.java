package org.streambench.verifier.workload;

import java.util.Map;
import java.util.function.LongFunction;
import java.util.regex.Pattern;
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

/**
 * The small inputs every engine's job tests run, one per workload, each a {@link Replay} of its
 * check: every engine is judged on the same input by the same check. The job under test must be
 * given the parameters named in each case's comment.
 */
public final class JobCases {
  public static final long SEED = 7;

  /** A whole minute, µs, so that windows start with the first record. */
  public static final long START = 1_763_790_000_000_000L;

  /** Nothing fails in a job test: every output exactly once. */
  public static final Guarantee GUARANTEE = Guarantee.EXACTLY_ONCE;

  /** One record per millisecond of event time. */
  private static final long STEP_MICROS = 1000;

  /** ysb's input: events generated. */
  private static final int YSB_EVENTS = 3000;

  private JobCases() {}

  /** identity and sleep: {@code n} records passed through. */
  public static Replay identity(int n) {
    return Replay.of(() -> new IdentityCheck(0, GUARANTEE), n, START, STEP_MICROS);
  }

  /** grep: 2,000 lines, a fifth of them with ERROR; the job's {@code pattern}. */
  public static Replay grep(String pattern) {
    return Replay.of(
        () -> new GrepCheck(new GrepLines(SEED, 0.2, 8), Pattern.compile(pattern), GUARANTEE),
        2000,
        START,
        STEP_MICROS);
  }

  /**
   * Nexmark's query {@code q} at the default configuration: a stateless one on its first 5,000
   * events (30,000 for q2, which keeps about one bid in 250; q14's 5 s apart, so that their times
   * of day span night, other and day time); a join (q3) on 60,000 a millisecond apart (its hot
   * seller changes every 5,000); a windowed one on 24,000 five milliseconds apart, 120 s of event
   * time in twelve 10 s windows, with the watermark {@link #NEXMARK_WATERMARK_DELAY_MS} behind
   * ({@code watermark.delay.ms}) and the end marker after them.
   */
  public static Replay nexmark(NexmarkQuery q) {
    return nexmark(q, step -> NexmarkDisorder.NONE);
  }

  /**
   * {@link #nexmark} with the events out of event-time order as Beam's generator sends them with
   * out-of-order groups of 100 and a tenth of them delayed by up to 1 s: by at most 1.5 s, less
   * than the watermark delay, so every engine must give the rows of the events in order.
   */
  public static Replay nexmarkOutOfOrder(NexmarkQuery q) {
    return nexmark(q, step -> NexmarkDisorder.of(100, 0.1, 1, seq -> seq * step));
  }

  private static Replay nexmark(NexmarkQuery q, LongFunction<NexmarkDisorder> disorderAtStep) {
    long step =
        switch (q) {
          case Q4, Q5, Q7, Q8, Q11 -> 5 * STEP_MICROS;
          case Q14 -> 5_000_000; // from 05:40 to 12:37 UTC: night, other and day time bids
          default -> STEP_MICROS;
        };
    NexmarkEvents events =
        new NexmarkEvents(NexmarkEvents.Config.DEFAULT, disorderAtStep.apply(step));
    return switch (q.shape()) {
      case STATELESS ->
          Replay.of(
              () -> new NexmarkCheck(events, q, GUARANTEE),
              q == NexmarkQuery.Q2 ? 30_000 : 5000,
              START,
              step);
      case JOIN -> Replay.of(() -> nexmarkStateful(events, q), 60_000, START, step);
      case WINDOWED -> Replay.of(() -> nexmarkStateful(events, q), 24_000, START, step);
    };
  }

  /** The watermark delay of Nexmark's windowed queries in their job tests, ms. */
  public static final long NEXMARK_WATERMARK_DELAY_MS = 4000;

  /**
   * The workload parameters a Nexmark job reads in its tests: the watermark delay and the
   * generator's settings that bound an auction's length (q4's join), at their defaults.
   */
  public static Map<String, String> nexmarkParams() {
    NexmarkEvents.Config d = NexmarkEvents.Config.DEFAULT;
    return Map.of(
        "watermark.delay.ms",
        Long.toString(NEXMARK_WATERMARK_DELAY_MS),
        "in-flight.auctions",
        Integer.toString(d.numInFlightAuctions()),
        "inter-event.delay.us",
        Long.toString(d.interEventDelayUs()));
  }

  private static NexmarkStatefulCheck nexmarkStateful(NexmarkEvents events, NexmarkQuery q) {
    return new NexmarkStatefulCheck(events, q, GUARANTEE, NEXMARK_WATERMARK_DELAY_MS);
  }

  /** grouping: {@code n} records over 50 keys, Zipf-distributed ({@code keys=50}). */
  public static Replay grouping(int n) {
    return Replay.of(
        () ->
            new GroupingCheck(
                new GroupingRecords(SEED, KeyDistribution.of("zipf", 50, 1.0)), 50, GUARANTEE),
        n,
        START,
        STEP_MICROS);
  }

  /** statemachine: {@code n} events of 20 users ({@code keys=20}). */
  public static Replay stateMachine(int n) {
    return Replay.of(
        () -> new StateMachineCheck(new StateMachineInput(SEED, 20, 3, 0), 20, GUARANTEE),
        n,
        START,
        STEP_MICROS);
  }

  /**
   * wordcount: 600 sentences over 40 Zipf words, windows of 10 sentences ({@code window.size=10}).
   */
  public static Replay wordCount() {
    return Replay.of(
        () ->
            new WordCountCheck(
                new WordSentences(SEED, 10, KeyDistribution.of("zipf", 40, 1.0)),
                40,
                10,
                GUARANTEE),
        600,
        START,
        STEP_MICROS);
  }

  /** ysb's events: 5 campaigns of 10 ads (the ad → campaign map the job looks up). */
  public static YsbEvents ysbEvents() {
    return new YsbEvents(SEED, 5, 10);
  }

  /** ysb: 3,000 events of {@link #ysbEvents()} in 1 s windows ({@code window.ms=1000}). */
  public static Replay ysb() {
    return Replay.of(JobCases::ysbCheck, YSB_EVENTS, START, STEP_MICROS);
  }

  /**
   * ysb's final count per window, {@code campaign@windowStartMs} → views of {@link #ysb()}'s input:
   * what the job must leave in Redis ({@code <prefix><campaign>:<windowStartMs>}), as the harness
   * checks it after a run.
   */
  public static Map<String, Long> ysbWindowCounts() {
    YsbCheck check = ysbCheck();
    Replay.generate(check, YSB_EVENTS, START, STEP_MICROS);
    check.expect(YSB_EVENTS);
    return Map.copyOf(check.expectedByWindow());
  }

  private static YsbCheck ysbCheck() {
    return new YsbCheck(ysbEvents(), 1000, GUARANTEE);
  }

  /**
   * join: {@code n} parts of samples of 3, payload 100 bytes, 1 s timers ({@code timer.ms=1000}).
   */
  public static Replay join(int n) {
    return Replay.of(
        () -> new JoinCheck(new JoinParts(SEED, 3, 30, 100), 100, 1_000_000, GUARANTEE),
        n,
        START,
        STEP_MICROS);
  }

  /**
   * uricount: 3,000 log lines over 9 URIs in 1 s windows ({@code window.ms=1000}), events up to
   * {@code outOfOrdernessMicros} out of order.
   */
  public static Replay uriCount(long outOfOrdernessMicros) {
    return Replay.of(
        () ->
            new UriCountCheck(new AccessLogs(SEED, 9), 1_000_000, outOfOrdernessMicros, GUARANTEE),
        3000,
        START,
        STEP_MICROS);
  }
}
