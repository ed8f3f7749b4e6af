package org.streambench.api.workload;

import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;

/**
 * How Nexmark's events leave the generator out of event-time order (docs/nexmark.md), as Apache
 * Beam's Nexmark generator defines it, on top of the run's open-loop schedule.
 *
 * <ul>
 *   <li><b>Out-of-order groups</b> ({@code outOfOrderGroupSize} {@code g}): the record at position
 *       {@code k} (its {@code seq}) is event {@code a(k) = base + (k × 953 mod g)}, {@code base}
 *       the start of {@code k}'s group of {@code g}, with the event time that event has in order:
 *       the schedule's time for position {@code a(k)}. Within each whole group every event appears
 *       once; 953 is prime, so any {@code g} that is no multiple of it permutes, and one that
 *       divides 952 (953 ≡ 1) leaves the group in order. So Beam's {@code Generator} does it.
 *   <li><b>Delayed events</b> ({@code probDelayedEvent}, {@code occasionalDelaySec}): an event is
 *       delayed with that probability by a uniform 0 to {@code occasionalDelaySec} s. Beam's
 *       unbounded source (when rate-limited) holds such an event back and delivers it later with
 *       its timestamp, so that it may be late and an auction may arrive after its bids; here it is
 *       sent in its place with an event time that much earlier: the engine receives an event up to
 *       that long older than the newest, an auction still before the bids that follow it, and a
 *       windowed query refuses a delay its watermark would drop. The draw is seeded by the event's
 *       number, so every process makes the same.
 * </ul>
 *
 * Event time needs the schedule: {@code slotMicros(k)} is position {@code k}'s intended time after
 * the start (µs), and a record's own intended time {@code t} pins where the start was. Out-of-order
 * groups therefore need a paced run.
 */
public final class NexmarkDisorder {
  /** Events in order, each at its own intended time. */
  public static final NexmarkDisorder NONE = new NexmarkDisorder(1, 0, 0, null);

  /** Beam's multiplier of a position within its group. */
  private static final long PERMUTER = 953;

  private static final long DELAY_SALT = 0x6E65786D61726BL;

  private final long groupSize;
  private final double delayProbability;
  private final long maxDelayMs;
  private final LongUnaryOperator slotMicros;

  private NexmarkDisorder(
      long groupSize, double delayProbability, long maxDelayMs, LongUnaryOperator slotMicros) {
    this.groupSize = groupSize;
    this.delayProbability = delayProbability;
    this.maxDelayMs = maxDelayMs;
    this.slotMicros = slotMicros;
  }

  /**
   * The disorder of Beam's {@code outOfOrderGroupSize}, {@code probDelayedEvent} and {@code
   * occasionalDelaySec} on a schedule whose position {@code k} is due {@code slotMicros(k)} µs
   * after the start (null: unpaced, which only a group size of 1 allows).
   *
   * @throws IllegalArgumentException for settings Beam's definition cannot honour, saying why
   */
  public static NexmarkDisorder of(
      long outOfOrderGroupSize,
      double probDelayedEvent,
      long occasionalDelaySec,
      LongUnaryOperator slotMicros) {
    String wrong = problem(outOfOrderGroupSize, probDelayedEvent, occasionalDelaySec);
    if (wrong != null) {
      throw new IllegalArgumentException(wrong);
    }
    if (outOfOrderGroupSize > 1 && slotMicros == null) {
      throw new IllegalArgumentException(
          "out-of-order groups need a paced run: an event's time is its place in the schedule");
    }
    return outOfOrderGroupSize == 1 && probDelayedEvent == 0
        ? NONE
        : new NexmarkDisorder(
            outOfOrderGroupSize, probDelayedEvent, occasionalDelaySec * 1000, slotMicros);
  }

  /** What is wrong with these settings, or null. */
  public static String problem(
      long outOfOrderGroupSize, double probDelayedEvent, long occasionalDelaySec) {
    if (outOfOrderGroupSize < 1) {
      return "an out-of-order group has at least 1 event, was " + outOfOrderGroupSize;
    }
    if (outOfOrderGroupSize % PERMUTER == 0) {
      return "an out-of-order group of "
          + outOfOrderGroupSize
          + " events is a multiple of 953: Beam's order (953 × position mod the group's size)"
          + " would repeat some events and drop others";
    }
    if (outOfOrderGroupSize > 1 && (PERMUTER - 1) % outOfOrderGroupSize == 0) {
      return "an out-of-order group of "
          + outOfOrderGroupSize
          + " events divides 952: Beam's order (953 × position mod the group's size) leaves"
          + " such a group in order";
    }
    if (!(probDelayedEvent >= 0 && probDelayedEvent <= 1)) {
      return "the probability of a delayed event must be in 0..1, was " + probDelayedEvent;
    }
    if (occasionalDelaySec < 0) {
      return "an occasional delay must not be negative, was " + occasionalDelaySec;
    }
    return null;
  }

  /** The number of the event at position {@code seq}: Beam's adjusted event number. */
  public long eventNumber(long seq) {
    if (groupSize == 1) {
      return seq;
    }
    return (seq / groupSize) * groupSize + Math.floorMod(seq * PERMUTER, groupSize);
  }

  /**
   * The event time (ms) of the event at position {@code seq}, whose record is intended at {@code t}
   * (µs): its own event's intended time, less its delay.
   */
  public long eventTimeMs(long seq, long t) {
    long n = eventNumber(seq);
    long ownT = n == seq ? t : t - slotMicros.applyAsLong(seq) + slotMicros.applyAsLong(n);
    return ownT / 1000 - delayMs(n);
  }

  /** How long event {@code n} is delayed, ms: mostly 0. */
  long delayMs(long n) {
    if (delayProbability == 0) {
      return 0;
    }
    SplittableRandom random = new SplittableRandom(n ^ DELAY_SALT);
    return random.nextDouble() < delayProbability ? random.nextLong(maxDelayMs + 1) : 0;
  }

  /**
   * The most an event's time can trail one sent before it, ms (rounded up): a group's span in the
   * schedule and the longest delay; 0 in order.
   */
  public long boundMs() {
    long span =
        groupSize == 1
            ? 0
            : (slotMicros.applyAsLong(groupSize - 1) - slotMicros.applyAsLong(0) + 999) / 1000 + 1;
    return span + (delayProbability > 0 ? maxDelayMs : 0);
  }
}
