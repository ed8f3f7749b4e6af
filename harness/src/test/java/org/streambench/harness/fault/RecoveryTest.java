package org.streambench.harness.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.IntervalPoint;

class RecoveryTest {
  private static final long P99 = 20_000;

  /** Seconds 0..n-1 at 1,000 records/s and p99 20 ms, then {@code changes} from their second. */
  private static List<IntervalPoint> series(int n, long[][] changes) {
    List<IntervalPoint> out = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      long rate = 1_000;
      long p99 = P99;
      for (long[] c : changes) {
        if (c[0] == s) {
          rate = c[1];
          p99 = c[2];
        }
      }
      out.add(new IntervalPoint(s, rate, p99 / 2, p99, p99 / 4, 0));
    }
    return out;
  }

  @Test
  void baselineIsTheMedianRateAndMedianP99OfTheSecondsBeforeTheFirstFault() {
    List<IntervalPoint> s = series(30, new long[][] {{8, 900, 90_000}, {9, 1_100, P99}});
    // whole seconds 5..11 before the fault at 12.5: 1,000 ×5, 900 and 1,100
    Recovery.Baseline b = Recovery.Baseline.of(s, 5, 12.5);
    assertEquals(1_000, b.outPerSecond(), 1e-9);
    assertEquals(P99, b.p99Micros());
    assertEquals(1, b.windowSeconds());
    // an even count of seconds: the mean of the two middle p99s
    Recovery.Baseline even =
        Recovery.Baseline.of(series(30, new long[][] {{10, 1_000, 40_000}}), 10, 12);
    assertEquals(30_000, even.p99Micros());
  }

  /**
   * FaultIT's Flink exactly-once run (2,000 records/s, a commit about every second): before the
   * kill, one second without output makes windows of 2 s, whose output is one, one and a half or
   * two commits a second; the mean of the middle two (2,499 records/s) lay above every window of
   * the recovered output, and recovery was unknown. The lower middle one is a level the output
   * reaches.
   */
  @Test
  void anEvenCountOfBurstyWindowsGivesTheLowerMiddleRate() {
    long[] out = {0, 1773, 2001, 2022, 1981, 2015, 1989, 4002, 1991, 0, 4006, 1992, 1001, 1002};
    List<IntervalPoint> s = new ArrayList<>();
    for (int k = 0; k < 60; k++) {
      long count = k < out.length ? out[k] : k < 22 ? 0 : 2_000;
      s.add(new IntervalPoint(k, count, 500_000, count == 0 ? 0 : 1_070_000, 0, 0));
    }
    Recovery.Baseline b = Recovery.Baseline.of(s, 5, 12.2);
    assertEquals(2, b.windowSeconds());
    assertEquals(2_003, b.outPerSecond(), 1e-9);
    Recovery r = Recovery.measure(s, 12.2, b, 120, 60);
    assertEquals(Recovery.RECOVERED, r.state(), r::toString);
    assertEquals(22 - 12.2, r.seconds(), 1e-9);
  }

  /**
   * A broker killed at 10.4 s: records already on their way arrive in second 11 (a gap of
   * milliseconds), then nothing for 8 s while leaderships move, then a catch-up.
   */
  @Test
  void silenceIsTheLongestRunOfSecondsWithoutOutputUntilRecovery() {
    long[][] changes = new long[12][];
    changes[0] = new long[] {11, 300, P99};
    for (int k = 12; k < 20; k++) {
      changes[k - 11] = new long[] {k, 0, 0};
    }
    changes[9] = new long[] {20, 9_000, 9_000_000};
    changes[10] = new long[] {21, 1_000, P99};
    changes[11] = new long[] {35, 0, 0}; // after recovery: not the fault's
    List<IntervalPoint> s = series(40, changes);
    Recovery r = Recovery.measure(s, 10.4, new Recovery.Baseline(1_000, P99, 1), 120, 40);
    assertEquals(Recovery.RECOVERED, r.state(), r::toString);
    assertEquals(8, r.silentSeconds());
    assertEquals(8, Recovery.longestSilence(s, 10.4, 40));
    assertEquals(0, Recovery.longestSilence(s, 21, 35), "until is exclusive");
  }

  /** Output visible only at each commit, every 5 s, as exactly-once gives it. */
  private static List<IntervalPoint> bursty(int n, int from, int stalledUntil) {
    List<IntervalPoint> out = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      boolean commit = s % 5 == 4 && (s < from || s >= stalledUntil);
      long count = commit ? 5_000 : 0;
      if (s == stalledUntil + 4 && stalledUntil > from) {
        count += 1_000L * (stalledUntil - from); // the held-back output, once recovered
      }
      out.add(new IntervalPoint(s, count, commit ? 2_500_000 : 0, commit ? 5_000_000 : 0, 0, 0));
    }
    return out;
  }

  @Test
  void burstyOutputIsJudgedOverItsCommitInterval() {
    Recovery.Baseline b = Recovery.Baseline.of(bursty(60, 60, 60), 0, 20.5);
    assertEquals(5, b.windowSeconds());
    assertEquals(1_000, b.outPerSecond(), 1e-9);
    assertEquals(5_000_000, b.p99Micros());
    // steady bursts: recovered at the next whole second, never judged by a quiet second
    assertEquals(
        Recovery.RECOVERED, Recovery.measure(bursty(60, 60, 60), 20.5, b, 120, 60).state());
    // no output from 20 to 35: recovered once the commits come back
    Recovery r = Recovery.measure(bursty(60, 20, 35), 20.5, b, 120, 60);
    assertEquals(Recovery.RECOVERED, r.state());
    assertTrue(r.seconds() >= 35 - 20.5 - 5 && r.seconds() <= 35 - 20.5 + 5, r::toString);
  }

  /**
   * {@code --after-recovery} judges the seconds closed so far, then ends the steady state: a
   * recovery seen on any prefix of the series must be one on the whole series, at the same second
   * or earlier, or the run would end on a recovery its result then denies.
   */
  @Test
  void aRecoverySeenOnThePrefixSoFarStaysOneOnTheWholeSeries() {
    List<List<IntervalPoint>> cases =
        List.of(
            bursty(60, 20, 35),
            bursty(60, 20, 24),
            series(40, new long[][] {{12, 0, 0}, {16, 3_000, 900_000}, {17, 1_000, P99}}));
    for (List<IntervalPoint> whole : cases) {
      Recovery.Baseline b = Recovery.Baseline.of(whole, 0, 11.5);
      Recovery full = Recovery.measure(whole, 11.5, b, 120, whole.size());
      int seenAt = -1;
      for (int n = 12; n <= whole.size(); n++) {
        List<IntervalPoint> prefix = whole.subList(0, n);
        Recovery r = Recovery.measure(prefix, 11.5, Recovery.Baseline.of(prefix, 0, 11.5), 120, n);
        if (r.state().equals(Recovery.RECOVERED)) {
          seenAt = seenAt < 0 ? n : seenAt;
          assertEquals(Recovery.RECOVERED, full.state(), () -> "whole: " + full);
          assertTrue(full.seconds() <= r.seconds(), () -> full + " after " + r);
        }
      }
      assertTrue(seenAt > 0, "recovered on some prefix");
    }
  }

  /**
   * FaultIT's Flink run on a CI machine (exactly-once, 2,000 records/s): a catch-up burst before
   * the fault (3,995 and 3,047 records in a second) raised the mean to 2,254/s, and output back at
   * 2,000/s with its p99 was judged never to recover.
   */
  @Test
  void aCatchUpBurstBeforeTheFaultDoesNotRaiseTheRateARecoveryMustReach() {
    long[] before = {1_997, 1_991, 1_996, 2_034, 3_995, 1_982, 988, 3_047};
    List<IntervalPoint> s = new ArrayList<>();
    for (int k = 0; k < 50; k++) {
      long out = k < 5 ? 2_000 : k < 13 ? before[k - 5] : k < 31 ? 0 : k == 31 ? 37_560 : 2_000;
      long p99 = out == 0 ? 0 : k == 31 ? 18_153_471 : 1_150_000;
      s.add(new IntervalPoint(k, out, p99 / 2, p99, 0, 0));
    }
    Recovery.Baseline b = Recovery.Baseline.of(s, 5, 13.0);
    assertEquals(1_996, b.outPerSecond(), 1e-9, "the lower of 1,996 and 1,997");
    Recovery r = Recovery.measure(s, 13.0, b, 120, 50);
    assertEquals(Recovery.RECOVERED, r.state(), r::toString);
    assertEquals(19, r.seconds(), 1e-9);
  }

  /**
   * HadoopIT's Flink on YARN in CI (exactly-once, 1 s checkpoints, a TaskManager container killed
   * at 18 s): commits every second before the fault, every 2 s once the new container had caught
   * up, with the p99 of before. Judged over 1 s windows it never recovered.
   */
  @Test
  void aCoarserCadenceAfterTheFaultIsJudgedOverItsOwnWindow() {
    long[][] outAndP99 = {
      {0, 0},
      {0, 0},
      {0, 0},
      {444, 3518},
      {2901, 3485},
      {645, 1745},
      {1103, 1979},
      {833, 2367},
      {0, 0},
      {1173, 2828},
      {1637, 2803},
      {1201, 2049},
      {1597, 1634},
      {1345, 1537},
      {953, 977},
      {624, 1230},
      {1025, 1658},
      {972, 1242},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {0, 0},
      {6196, 21184},
      {13667, 18595},
      {3265, 3141},
      {1265, 1304},
      {866, 1142},
      {1059, 1700},
      {0, 0},
      {1965, 1935},
      {0, 0},
      {1993, 2019},
      {0, 0},
      {2076, 2070},
      {0, 0},
      {956, 1956},
      {2020, 1988},
      {0, 0},
      {1974, 1949},
      {802, 1078}
    };
    List<IntervalPoint> s = new ArrayList<>();
    for (int k = 0; k < outAndP99.length; k++) {
      long p99 = outAndP99[k][1] * 1_000;
      s.add(new IntervalPoint(k, outAndP99[k][0], p99 / 2, p99, 0, 0));
    }
    Recovery.Baseline b = Recovery.Baseline.of(s, 10, 18.0004);
    assertEquals(1, b.windowSeconds());
    assertEquals(1_025, b.outPerSecond(), 1e-9);
    Recovery r = Recovery.measure(s, 18.0004, b, 120, 55);
    assertEquals(Recovery.RECOVERED, r.state(), r::toString);
    assertEquals(45 - 18.0004, r.seconds(), 1e-9, "from 45: 2 s windows of 1,965, 1,993, 1,993");
    assertEquals(19, r.silentSeconds());
    // the same cadence with each commit's records late by a further second is not recovered
    List<IntervalPoint> late = new ArrayList<>();
    s.forEach(
        p ->
            late.add(
                p.second() < 44 || p.out() == 0
                    ? p
                    : new IntervalPoint(
                        p.second(), p.out(), 0, p.e2eP99Micros() + 1_000_000, 0, 0)));
    assertEquals(Recovery.UNKNOWN, Recovery.measure(late, 18.0004, b, 120, 55).state());
  }

  @Test
  void noOutputBeforeTheFaultsLeavesRecoveryUnknown() {
    List<IntervalPoint> s = series(30, new long[][] {});
    Recovery.Baseline none = Recovery.Baseline.of(s, 10, 10.5);
    assertEquals(0, none.outPerSecond(), 0);
    assertEquals(Recovery.UNKNOWN, Recovery.measure(s, 10.5, none, 120, 30).state());
  }

  @Test
  void recoveredWhenRateAndLatencyHoldForThreeSeconds() {
    // fault at 10.4 s: output halves for 4 s, catches up with high latency, then holds from 17
    List<IntervalPoint> s =
        series(
            40,
            new long[][] {
              {10, 800, P99},
              {11, 500, P99},
              {12, 500, P99},
              {13, 500, P99},
              {14, 500, P99},
              {15, 3_000, 4_000_000},
              {16, 1_000, 40_000}
            });
    Recovery r = Recovery.measure(s, 10.4, new Recovery.Baseline(1_000, P99, 1), 120, 40);
    assertEquals(Recovery.RECOVERED, r.state());
    assertEquals(17 - 10.4, r.seconds(), 1e-9);
    assertEquals(4_000_000, r.peakP99Micros());
    // owed: 200 + 4 × 500, then paid back in second 15
    assertEquals(2_200, r.peakBacklog());
  }

  @Test
  void aFaultWithoutEffectRecoversAtTheNextWholeSecond() {
    Recovery r =
        Recovery.measure(
            series(30, new long[][] {}), 10.4, new Recovery.Baseline(1_000, P99, 1), 120, 30);
    assertEquals(Recovery.RECOVERED, r.state());
    assertEquals(0.6, r.seconds(), 1e-9);
    assertEquals(0, r.peakBacklog());
  }

  @Test
  void notRecoveredWithinTheGraceUnknownWhenTheSteadyStateEndsFirst() {
    long[][] stalled = new long[30][];
    for (int s = 10; s < 40; s++) {
      stalled[s - 10] = new long[] {s, 400, P99};
    }
    List<IntervalPoint> s = series(40, stalled);
    Recovery late = Recovery.measure(s, 10, new Recovery.Baseline(1_000, P99, 1), 20, 40);
    assertEquals(Recovery.NOT_RECOVERED, late.state());
    assertNull(late.seconds());
    assertEquals(20, late.observedSeconds(), 1e-9);
    Recovery cut = Recovery.measure(s, 10, new Recovery.Baseline(1_000, P99, 1), 120, 40);
    assertEquals(Recovery.UNKNOWN, cut.state());
    assertEquals(30, cut.observedSeconds(), 1e-9);
  }

  @Test
  void latencyAboveOneAndAHalfTimesTheBaselineIsNotRecovered() {
    long[][] slow = new long[20][];
    for (int s = 10; s < 30; s++) {
      slow[s - 10] = new long[] {s, 1_000, (long) (P99 * 1.6)};
    }
    Recovery r =
        Recovery.measure(series(30, slow), 10, new Recovery.Baseline(1_000, P99, 1), 15, 30);
    assertEquals(Recovery.NOT_RECOVERED, r.state());
  }
}
