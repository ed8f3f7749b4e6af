package org.streambench.verifier.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.verifier.KeyedCountVerifier;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;

/**
 * A check of output that revises a count per (key, window): {@code key,windowStart,count,eventUs,
 * inUs,outUs} (ysb, uricount). The highest count per {@code key@windowStart} must equal what the
 * subclass tallied; subclasses encode input and name the expected counts.
 */
public abstract class WindowCountCheck extends OutputCheck {
  private final Guarantee guarantee;
  private final KeyedCountVerifier verifier = new KeyedCountVerifier();
  private final OutputFields fields = new OutputFields(6);
  private volatile Map<String, Long> expectedCounts;

  WindowCountCheck(Guarantee guarantee) {
    this.guarantee = guarantee;
  }

  /** The generated count per {@code key@windowStart}, once generation is over. */
  abstract Map<String, Long> expectedCounts();

  @Override
  protected final void prepareExpectations(long sent) {
    expectedCounts = expectedCounts();
  }

  /** The expected count per {@code key@windowStart}, after {@link #expect}. */
  public final Map<String, Long> expectedByWindow() {
    return expectedCounts;
  }

  public final Guarantee guarantee() {
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
