package org.streambench.verifier;

import java.util.HashMap;
import java.util.Map;
import org.streambench.api.Guarantee;

/**
 * Checks aggregates that are revised over time (a window's count, updated until it closes): per key
 * (e.g. {@code campaign@windowStart}) the highest count the output reached must equal the count the
 * generator produced. Less is {@code lost} input, more is {@code duplicated} input (counted twice),
 * a key never produced is {@code phantom}.
 *
 * <pre>
 * KeyedCountVerifier v = new KeyedCountVerifier();
 * v.observe("/api/cart@1763790000000000", 412);   // per output record
 * Verdict verdict = v.verdict(expectedCounts, guarantee);
 * </pre>
 */
public final class KeyedCountVerifier {
  private final Map<String, Long> highest = new HashMap<>();
  private long received;
  private long malformed;

  public void observe(String key, long count) {
    received++;
    highest.merge(key, count, Math::max);
  }

  public void malformed() {
    received++;
    malformed++;
  }

  public long received() {
    return received;
  }

  /** Whether every expected key has reached its expected count. */
  public boolean reached(Map<String, Long> expected) {
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      if (highest.getOrDefault(e.getKey(), 0L) < e.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** The verdict; {@code unit} names what a key is in reasons ("windows"). */
  public Verdict verdict(Map<String, Long> expected, Guarantee guarantee, String unit) {
    VerdictBuilder v = new VerdictBuilder(guarantee);
    long lostRecords = 0;
    long lostKeys = 0;
    long overCounted = 0;
    long phantom = malformed;
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      Long got = highest.get(e.getKey());
      long want = e.getValue();
      if (got == null) {
        lostKeys++;
        lostRecords += want;
        v.example("lost", e.getKey() + ": no output, expected " + want);
      } else if (got < want) {
        lostRecords += want - got;
        v.example("lost", e.getKey() + ": " + got + " of " + want);
      } else if (got > want) {
        overCounted += got - want;
        v.example("duplicated", e.getKey() + ": " + got + ", expected " + want);
      }
    }
    for (Map.Entry<String, Long> e : highest.entrySet()) {
      if (!expected.containsKey(e.getKey())) {
        phantom++;
        v.example("phantom", e.getKey() + ": " + e.getValue());
      }
    }
    v.count(unit + ".expected", expected.size());
    v.count("received", received);
    v.count(unit + ".missing", lostKeys);
    v.error("lost", lostRecords, "input records missing from the final counts of " + unit);
    v.error("duplicated", overCounted, "input records counted more than once");
    v.error("phantom", phantom, unit + " never produced, or malformed output records");
    return v.build();
  }
}
