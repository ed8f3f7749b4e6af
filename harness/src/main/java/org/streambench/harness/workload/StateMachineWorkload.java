package org.streambench.harness.workload;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.Ascii;
import org.streambench.api.workload.StateMachineInput;
import org.streambench.harness.verify.SequenceVerifier;
import org.streambench.harness.verify.Verdict;
import org.streambench.harness.verify.VerdictBuilder;

/** statemachine: per-key sessions checked by a state machine in engine-managed state. */
final class StateMachineWorkload implements Workload {
  private static final byte[] END = Ascii.bytes("end");
  private static final byte[] ALERT = Ascii.bytes("alert");

  @Override
  public String name() {
    return "statemachine";
  }

  @Override
  public String description() {
    return "per-user sessions through a state machine; any alert is a consistency violation";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("keys", "1000", "requests.mean", "3", "reorder.every", "0");
  }

  @Override
  public void validate(Params params) {
    params.positiveInt("keys");
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee) {
    return new Run(
        new StateMachineInput(
            seed,
            params.positiveInt("keys"),
            params.nonNegativeInt("requests.mean"),
            params.nonNegativeInt("reorder.every")),
        guarantee);
  }

  /**
   * Output {@code seq,t,key,end,n,in,out} per session end (checked by the logout's seq and its
   * event count) or {@code seq,t,key,alert,STATE:event,in,out} per invalid transition.
   */
  private static final class Run extends WorkloadRun {
    private final StateMachineInput input;
    private final Guarantee guarantee;
    private final BitSet logouts = new BitSet();
    private int[] sessionEvents = new int[1 << 16];
    private final SequenceVerifier verifier = new SequenceVerifier();
    private final OutputFields fields = new OutputFields(7);
    private final VerdictBuilder notes;
    private long alerts;
    private long wrongCounts;

    Run(StateMachineInput input, Guarantee guarantee) {
      this.input = input;
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
        if (seq >= sessionEvents.length) {
          sessionEvents =
              Arrays.copyOf(sessionEvents, Math.max((int) seq + 1, sessionEvents.length * 2));
        }
        sessionEvents[(int) seq] = n;
      }
      return len;
    }

    @Override
    public byte[] key() {
      return input.lastKey().getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public boolean observe(byte[] value, long[] stamps) {
      if (!fields.split(value) || fields.number(0) < 0) {
        verifier.malformed(value);
        return false;
      }
      long seq = fields.number(0);
      if (fields.is(3, END)) {
        verifier.observe(seq);
        long n = fields.number(4);
        if (seq < sessionEvents.length && logouts.get((int) seq) && n != sessionEvents[(int) seq]) {
          wrongCounts++;
          notes.example(
              "wrong",
              "seq "
                  + seq
                  + ": session of "
                  + n
                  + " events, generated "
                  + sessionEvents[(int) seq]);
        }
      } else if (fields.is(3, ALERT)) {
        alerts++;
        notes.example("alerts", new String(value, StandardCharsets.UTF_8));
      } else {
        verifier.malformed(value);
        return false;
      }
      stamps[0] = fields.number(1);
      stamps[1] = fields.number(5);
      stamps[2] = fields.number(6);
      return true;
    }

    @Override
    public long received() {
      return verifier.received() + alerts;
    }

    @Override
    protected boolean allArrived() {
      return verifier.seenAll(logouts);
    }

    @Override
    public Verdict verdict() {
      VerdictBuilder v = verifier.builder(logouts, guarantee, "session ends");
      v.count("received", received());
      v.violation("wrong", wrongCounts, wrongCounts + " sessions ended with the wrong event count");
      if (guarantee == Guarantee.EXACTLY_ONCE) {
        v.violation("alerts", alerts, alerts + " alerts: invalid transitions under exactly-once");
      } else {
        v.count("alerts", alerts);
      }
      notes.build().examples().forEach((kind, list) -> list.forEach(e -> v.example(kind, e)));
      return v.build();
    }
  }
}
