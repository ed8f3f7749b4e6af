package org.streambench.harness.verify;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;

/**
 * Checks identity output against what the generator produced: every sequence number in {@code [0,
 * expected)} must arrive exactly once, at least once or at most once, as the guarantee says.
 *
 * <pre>
 * IdentityVerifier v = new IdentityVerifier();
 * v.observe(seq);               // per output record, from the collector thread
 * v.malformed(rawRecord);       // per record that does not parse
 * Verdict verdict = v.verdict(generatedCount, guarantee);
 * </pre>
 *
 * Phantoms are records that were never generated (a sequence number at or beyond {@code expected},
 * or an unparsable record). Not thread-safe: one collector thread observes.
 */
public final class IdentityVerifier {
  private static final int MAX_EXAMPLES = 5;

  private final BitSet seen = new BitSet();
  private final BitSet seenTwice = new BitSet();
  private long received;
  private long distinct;
  private long duplicates;
  private long malformed;
  private final List<String> malformedExamples = new ArrayList<>();

  public void observe(long seq) {
    received++;
    if (seq > Integer.MAX_VALUE) {
      malformed++;
      addExample(malformedExamples, "seq " + seq + " out of range");
      return;
    }
    int i = (int) seq;
    if (seen.get(i)) {
      duplicates++;
      seenTwice.set(i);
    } else {
      seen.set(i);
      distinct++;
    }
  }

  public void malformed(byte[] raw) {
    received++;
    malformed++;
    addExample(
        malformedExamples,
        raw == null ? "null value" : new String(raw, java.nio.charset.StandardCharsets.UTF_8));
  }

  public long received() {
    return received;
  }

  /** Distinct sequence numbers seen so far, phantoms included. */
  public long distinct() {
    return distinct;
  }

  public Verdict verdict(long expected, Guarantee guarantee) {
    int limit = (int) Math.min(expected, Integer.MAX_VALUE);
    BitSet phantoms = seen.get(limit, Math.max(limit, seen.length()));
    long distinctExpected = distinct - phantoms.cardinality();
    long lost = expected - distinctExpected;
    long phantom = phantoms.cardinality() + malformed;
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("expected", expected);
    counts.put("received", received);
    counts.put("distinct", distinctExpected);
    counts.put("lost", lost);
    counts.put("duplicated", duplicates);
    counts.put("phantom", phantom);

    Map<String, List<String>> examples = new LinkedHashMap<>();
    List<String> reasons = new ArrayList<>();
    if (lost > 0) {
      examples.put("lost", missingRanges(limit));
      if (guarantee.forbidsLoss()) {
        reasons.add(lost + " of " + expected + " records lost (" + guarantee + " forbids loss)");
      }
    }
    if (duplicates > 0) {
      examples.put("duplicated", firstSet(seenTwice.get(0, limit), 0));
      if (guarantee.forbidsDuplicates()) {
        reasons.add(duplicates + " duplicate deliveries (" + guarantee + " forbids duplicates)");
      }
    }
    if (phantom > 0) {
      List<String> ex = new ArrayList<>(firstSet(phantoms, limit));
      ex.addAll(malformedExamples);
      examples.put("phantom", ex.subList(0, Math.min(MAX_EXAMPLES, ex.size())));
      reasons.add(phantom + " phantom records (never generated)");
    }
    return new Verdict(
        reasons.isEmpty() ? Verdict.Status.VALID : Verdict.Status.INVALID,
        reasons,
        counts,
        examples);
  }

  private List<String> missingRanges(int limit) {
    List<String> ranges = new ArrayList<>();
    int from = seen.nextClearBit(0);
    while (from < limit && ranges.size() < MAX_EXAMPLES) {
      int to = Math.min(limit, seen.nextSetBit(from) < 0 ? limit : seen.nextSetBit(from));
      ranges.add(to - from == 1 ? "seq " + from : "seq " + from + ".." + (to - 1));
      from = seen.nextClearBit(to);
    }
    return ranges;
  }

  /** The first few set bits of {@code bits}, as sequence numbers offset by {@code base}. */
  private static List<String> firstSet(BitSet bits, long base) {
    List<String> out = new ArrayList<>();
    for (int i = bits.nextSetBit(0);
        i >= 0 && out.size() < MAX_EXAMPLES;
        i = bits.nextSetBit(i + 1)) {
      out.add("seq " + (base + i));
    }
    return out;
  }

  private static void addExample(List<String> list, String example) {
    if (list.size() < MAX_EXAMPLES) {
      list.add(example);
    }
  }
}
