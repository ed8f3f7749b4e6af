package org.streambench.harness.generator;

/**
 * The open-loop schedule of a paced generator: record {@code i} is due {@code i / rate} seconds
 * after the start, whatever happened to the records before it. Exact integer arithmetic, no drift
 * and no overflow for any rate up to 10^9 records/s over any run shorter than a century.
 *
 * <pre>
 * PacingSchedule s = new PacingSchedule(50_000);
 * long due = s.dueBy(nanosSinceStart);   // records 0..due-1 should have been sent by now
 * long t = s.intendedNanos(seq);         // when record seq was meant to be sent
 * </pre>
 */
public final class PacingSchedule {
  private static final long NANOS = 1_000_000_000L;
  private final long ratePerSecond;

  public PacingSchedule(long ratePerSecond) {
    if (ratePerSecond <= 0 || ratePerSecond > NANOS) {
      throw new IllegalArgumentException("rate must be in 1..10^9 records/s, was " + ratePerSecond);
    }
    this.ratePerSecond = ratePerSecond;
  }

  public long ratePerSecond() {
    return ratePerSecond;
  }

  /** Nanoseconds after the start at which record {@code seq} is due. */
  public long intendedNanos(long seq) {
    return (seq / ratePerSecond) * NANOS + (seq % ratePerSecond) * NANOS / ratePerSecond;
  }

  /** How many records are due at {@code nanosSinceStart} (those with intended time ≤ it). */
  public long dueBy(long nanosSinceStart) {
    if (nanosSinceStart < 0) {
      return 0;
    }
    long whole = (nanosSinceStart / NANOS) * ratePerSecond;
    long part = (nanosSinceStart % NANOS) * ratePerSecond / NANOS;
    long candidate = whole + part + 1;
    // integer division can round either way by one; settle on the exact boundary
    while (candidate > 0 && intendedNanos(candidate - 1) > nanosSinceStart) {
      candidate--;
    }
    while (intendedNanos(candidate) <= nanosSinceStart) {
      candidate++;
    }
    return candidate;
  }

  /** Number of records in a schedule of {@code nanos} (those due strictly before its end). */
  public long recordsIn(long nanos) {
    return dueBy(nanos - 1);
  }
}
