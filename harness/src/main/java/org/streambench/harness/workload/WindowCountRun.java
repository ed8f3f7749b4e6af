package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.verify.KeyedCountVerifier;
import org.streambench.harness.verify.Verdict;

/**
 * A run whose output revises a count per (key, window): {@code key,windowStart,count,eventUs,inUs,
 * outUs} (ysb, uricount). The highest count per {@code key@windowStart} must equal what the
 * subclass tallied; subclasses encode input and name the expected counts.
 */
abstract class WindowCountRun extends WorkloadRun {
  private final Guarantee guarantee;
  private final KeyedCountVerifier verifier = new KeyedCountVerifier();
  private final OutputFields fields = new OutputFields(6);
  private volatile Map<String, Long> expectedCounts;

  WindowCountRun(Guarantee guarantee) {
    this.guarantee = guarantee;
  }

  /** The generated count per {@code key@windowStart}, once generation is over. */
  abstract Map<String, Long> expectedCounts();

  @Override
  protected final void prepareExpectations(long sent) {
    expectedCounts = expectedCounts();
  }

  /** The expected counts, after {@link #expect}. */
  protected final Map<String, Long> expectedByWindow() {
    return expectedCounts;
  }

  protected final Guarantee guarantee() {
    return guarantee;
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    if (!fields.split(value) || fields.number(1) < 0 || fields.number(2) < 0) {
      verifier.malformed();
      return false;
    }
    verifier.observe(fields.text(0) + "@" + fields.number(1), fields.number(2));
    return fields.stamps(stamps, 3, 4, 5);
  }

  @Override
  public long received() {
    return verifier.received();
  }

  @Override
  protected boolean allArrived() {
    return verifier.reached(expectedCounts);
  }

  @Override
  public Verdict verdict() {
    return verifier.verdict(expectedCounts, guarantee, "windows");
  }
}
