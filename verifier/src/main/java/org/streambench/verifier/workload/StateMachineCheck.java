package org.streambench.verifier.workload;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.Ascii;
import org.streambench.api.workload.StateMachineInput;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.SequenceVerifier;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * statemachine: input {@link StateMachineInput} keyed by user, output {@code
 * seq,t,key,end,n,in,out} per session end (checked by the logout's seq and its event count) or
 * {@code seq,t,key,alert,STATE:event,in,out} per invalid transition.
 */
public final class StateMachineCheck extends OutputCheck {
  private static final byte[] END = Ascii.bytes("end");
  private static final byte[] ALERT = Ascii.bytes("alert");

  private final StateMachineInput input;
  private final Guarantee guarantee;
  private final byte[][] keys;
  // generator thread until expect(); read by the collector only in allArrived/verdict
  private final BitSet logouts = new BitSet();
  private int[] sessionEvents = new int[1 << 16];
  // collector thread
  private final SequenceVerifier verifier = new SequenceVerifier();
  private final OutputFields fields = new OutputFields(7);
  private final VerdictBuilder notes;
  private int[] observedEvents = new int[1 << 16];
  private long alerts;

  public StateMachineCheck(StateMachineInput input, int users, Guarantee guarantee) {
    this.input = input;
    this.keys = new byte[users][];
    this.guarantee = guarantee;
    this.notes = new VerdictBuilder(guarantee);
  }

  @Override
  public int maxRecordBytes() {
    return input.maxBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    int len = input.encode(seq, t, buf);
    int n = input.lastSessionEvents();
    if (n > 0) {
      logouts.set((int) seq);
      sessionEvents = store(sessionEvents, (int) seq, n);
    }
    return len;
  }

  private static int[] store(int[] array, int index, int value) {
    int[] a =
        index < array.length ? array : Arrays.copyOf(array, Math.max(index + 1, array.length * 2));
    a[index] = value;
    return a;
  }

  /** The record's user as Kafka key, encoded once per user (this is the generator's hot path). */
  @Override
  public byte[] key() {
    int k = input.lastKeyIndex();
    if (keys[k] == null) {
      keys[k] = input.lastKey().getBytes(StandardCharsets.US_ASCII);
    }
    return keys[k];
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    if (!fields.split(value) || fields.number(0) < 0 || fields.number(0) > Integer.MAX_VALUE) {
      verifier.malformed(value);
      return false;
    }
    long seq = fields.number(0);
    if (fields.is(3, END)) {
      verifier.observe(seq);
      if (seq >= observedEvents.length || observedEvents[(int) seq] == 0) {
        observedEvents = store(observedEvents, (int) seq, (int) Math.max(1, fields.number(4)));
      }
    } else if (fields.is(3, ALERT)) {
      alerts++;
      notes.example("alerts", new String(value, StandardCharsets.UTF_8));
    } else {
      verifier.malformed(value);
      return false;
    }
    return fields.stamps(stamps, 1, 5, 6);
  }

  @Override
  public long received() {
    return verifier.received() + alerts;
  }

  @Override
  protected boolean allArrived() {
    return verifier.seenAll(logouts);
  }

  /**
   * A session end with fewer events than generated means events were lost; with more, events were
   * processed twice: each is judged by the guarantee's rule for loss or duplication.
   */
  @Override
  public Verdict verdict() {
    VerdictBuilder v = verifier.builder(logouts, guarantee, "session ends");
    v.count("received", received());
    long fewer = 0;
    long more = 0;
    for (int seq = logouts.nextSetBit(0); seq >= 0; seq = logouts.nextSetBit(seq + 1)) {
      int got = seq < observedEvents.length ? observedEvents[seq] : 0;
      if (got > 0 && got != sessionEvents[seq]) {
        String example =
            "seq " + seq + ": session of " + got + " events, generated " + sessionEvents[seq];
        if (got < sessionEvents[seq]) {
          fewer++;
          v.example("sessions.short", example);
        } else {
          more++;
          v.example("sessions.long", example);
        }
      }
    }
    v.error("lost", "sessions.short", fewer, "sessions ended with fewer events than generated");
    v.error("duplicated", "sessions.long", more, "sessions ended with more events than generated");
    if (guarantee == Guarantee.EXACTLY_ONCE) {
      v.violation("alerts", alerts, alerts + " alerts: invalid transitions under exactly-once");
    } else {
      v.count("alerts", alerts);
    }
    v.examplesFrom(notes);
    return v.build();
  }
}
