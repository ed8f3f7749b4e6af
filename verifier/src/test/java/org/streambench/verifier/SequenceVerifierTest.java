package org.streambench.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streambench.api.Guarantee;

class SequenceVerifierTest {
  /** A verifier that has seen every sequence number below {@code expected} once. */
  private static SequenceVerifier deliver(long expected) {
    SequenceVerifier v = new SequenceVerifier();
    for (long seq = 0; seq < expected; seq++) {
      v.observe(seq);
    }
    return v;
  }

  @ParameterizedTest
  @EnumSource(Guarantee.class)
  void exactDeliveryIsValidForEveryGuarantee(Guarantee g) {
    Verdict verdict = deliver(1000).verdict(1000, g);
    assertEquals(Verdict.Status.VALID, verdict.status());
    assertEquals(0L, verdict.counts().get("lost"));
    assertEquals(1000L, verdict.counts().get("distinct"));
  }

  @Test
  void lossIsDetectedAndOnlyAtMostOnceAllowsIt() {
    SequenceVerifier v = new SequenceVerifier();
    for (long seq = 0; seq < 1000; seq++) {
      if (seq != 17 && (seq < 500 || seq > 509)) {
        v.observe(seq);
      }
    }
    Verdict alo = v.verdict(1000, Guarantee.AT_LEAST_ONCE);
    assertEquals(Verdict.Status.INVALID, alo.status());
    assertEquals(11L, alo.counts().get("lost"));
    assertEquals(List.of("seq 17", "seq 500..509"), alo.examples().get("lost"));
    assertEquals(Verdict.Status.INVALID, v.verdict(1000, Guarantee.EXACTLY_ONCE).status());
    assertEquals(Verdict.Status.VALID, v.verdict(1000, Guarantee.AT_MOST_ONCE).status());
  }

  @Test
  void trailingLossIsDetected() {
    Verdict verdict = deliver(990).verdict(1000, Guarantee.AT_LEAST_ONCE);
    assertEquals(10L, verdict.counts().get("lost"));
    assertEquals(List.of("seq 990..999"), verdict.examples().get("lost"));
  }

  @Test
  void duplicatesAreDetectedAndOnlyAtLeastOnceAllowsThem() {
    SequenceVerifier v = deliver(100);
    v.observe(5);
    v.observe(5);
    v.observe(42);
    Verdict alo = v.verdict(100, Guarantee.AT_LEAST_ONCE);
    assertEquals(Verdict.Status.VALID, alo.status());
    assertEquals(3L, alo.counts().get("duplicated"));
    assertEquals(List.of("seq 5", "seq 42"), alo.examples().get("duplicated"));
    assertEquals(Verdict.Status.INVALID, v.verdict(100, Guarantee.EXACTLY_ONCE).status());
    assertEquals(Verdict.Status.INVALID, v.verdict(100, Guarantee.AT_MOST_ONCE).status());
  }

  @ParameterizedTest
  @EnumSource(Guarantee.class)
  void phantomsAreInvalidForEveryGuarantee(Guarantee g) {
    SequenceVerifier v = deliver(100);
    v.observe(100);
    v.observe(7_000);
    v.malformed("garbage".getBytes(StandardCharsets.UTF_8));
    Verdict verdict = v.verdict(100, g);
    assertEquals(Verdict.Status.INVALID, verdict.status());
    assertEquals(3L, verdict.counts().get("phantom"));
    assertEquals(0L, verdict.counts().get("lost"));
    assertEquals(100L, verdict.counts().get("distinct"));
    assertEquals(List.of("seq 100", "seq 7000", "garbage"), verdict.examples().get("phantom"));
    assertEquals("phantom", verdict.reasons().get(0).kind());
  }

  @Test
  void mergedSharesJudgeAsOneVerifierThatSawEverything() {
    SequenceVerifier one = new SequenceVerifier();
    SequenceVerifier a = new SequenceVerifier();
    SequenceVerifier b = new SequenceVerifier();
    for (long seq = 0; seq < 1000; seq++) {
      if (seq == 400) {
        continue; // lost
      }
      SequenceVerifier share = seq % 3 == 0 ? a : b;
      share.observe(seq);
      one.observe(seq);
    }
    for (long seq : new long[] {7, 8, 8}) { // 7 in both shares, 8 twice more in one
      b.observe(seq);
      one.observe(seq);
    }
    b.observe(5000); // phantom
    one.observe(5000);
    a.malformed("x".getBytes(StandardCharsets.UTF_8));
    one.malformed("x".getBytes(StandardCharsets.UTF_8));

    SequenceVerifier merged = new SequenceVerifier();
    merged.merge(a.observations());
    merged.merge(b.observations());

    Verdict expected = one.verdict(1000, Guarantee.AT_LEAST_ONCE);
    Verdict actual = merged.verdict(1000, Guarantee.AT_LEAST_ONCE);
    assertEquals(expected.counts(), actual.counts());
    assertEquals(expected.status(), actual.status());
    assertEquals(1L, actual.counts().get("lost"));
    assertEquals(3L, actual.counts().get("duplicated"));
    assertEquals(2L, actual.counts().get("phantom"));
    assertEquals(one.received(), merged.received());
    assertEquals(one.distinct(), merged.distinct());
  }
}
