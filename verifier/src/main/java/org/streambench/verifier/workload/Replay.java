package org.streambench.verifier.workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.streambench.verifier.Verdict;

/**
 * A workload's check driven from one thread, for tests that run a job on generated input: the input
 * is generated through a check (which tallies it), the job runs on it, and the job's output lines
 * are judged. Each {@link #judge} uses a new check that generated the same input, so one output can
 * be judged as it is and damaged.
 *
 * <pre>
 * Replay replay = Replay.of(() -&gt; new GrepCheck(lines, pattern, g), 2000, startMicros, 1000);
 * List&lt;String&gt; out = job(replay.input());      // the job's output lines, exit stamp included
 * Verdict v = replay.judge(out);                  // valid?
 * Verdict w = replay.judge(out.subList(1, out.size()));   // one line lost: invalid
 * </pre>
 */
public final class Replay {
  private final Supplier<? extends OutputCheck> checks;
  private final int n;
  private final long startMicros;
  private final long stepMicros;
  private final List<Input> input;
  private final String endMarker;

  private Replay(Supplier<? extends OutputCheck> checks, int n, long startMicros, long stepMicros) {
    this.checks = checks;
    this.n = n;
    this.startMicros = startMicros;
    this.stepMicros = stepMicros;
    OutputCheck check = checks.get();
    this.input = List.copyOf(generate(check, n, startMicros, stepMicros));
    this.endMarker = endMarker(check, lastT());
  }

  /**
   * Records {@code 0..n-1} at {@code startMicros + seq * stepMicros}, as the harness generates them
   * for a check from {@code checks} (a new one per call, each of the same parameters and seed).
   */
  public static Replay of(
      Supplier<? extends OutputCheck> checks, int n, long startMicros, long stepMicros) {
    return new Replay(checks, n, startMicros, stepMicros);
  }

  /** The generated input, in seq order. */
  public List<Input> input() {
    return input;
  }

  /** The intended time of the last record, µs. */
  public long lastT() {
    return startMicros + (n - 1) * stepMicros;
  }

  /** The end marker the harness writes after the input (uricount's), or null for none. */
  public String endMarker() {
    return endMarker;
  }

  /** Whether a new check, after generating the same input, finds every expected output in it. */
  public boolean complete(List<String> lines) {
    OutputCheck check = checks.get();
    generate(check, n, startMicros, stepMicros);
    check.expect(n);
    long[] stamps = new long[3];
    for (String line : lines) {
      check.observe(line == null ? null : line.getBytes(StandardCharsets.UTF_8), stamps);
    }
    return check.complete();
  }

  /** The verdict of a new check, after generating the same input, on {@code lines}. */
  public Verdict judge(List<String> lines) {
    OutputCheck check = checks.get();
    generate(check, n, startMicros, stepMicros);
    return judge(check, n, lines);
  }

  /**
   * Judges a job's output twice: as it is, which must be valid (more than 10 lines of it), and
   * damaged by {@code damage} (on a copy), which must be invalid; so that a test of the job can
   * fail, and fails saying why.
   *
   * @throws AssertionError if either verdict is not the one expected
   */
  public void assertValidAndDamageCaught(List<String> out, UnaryOperator<List<String>> damage) {
    if (out.size() <= 10) {
      throw new AssertionError("too little output to judge: " + out.size() + " lines");
    }
    Verdict v = judge(out);
    if (v.status() != Verdict.Status.VALID) {
      throw new AssertionError(
          "the job's output is " + v.status() + ": " + v.reasons() + " " + v.examples());
    }
    Verdict damaged = judge(damage.apply(new ArrayList<>(out)));
    if (damaged.status() != Verdict.Status.INVALID) {
      throw new AssertionError("damaged output judged " + damaged.status() + ": " + damaged);
    }
  }

  /** Damage: the middle line lost. */
  public static List<String> dropOne(List<String> out) {
    out.remove(out.size() / 2);
    return out;
  }

  /**
   * Damage for jobs that revise a window's count (where one lost update goes unseen, as the next
   * carries the total): the first window's count revised above what its input had.
   */
  public static List<String> overcountFirst(List<String> out) {
    String[] f = out.get(0).split(",", -1);
    f[2] = Long.toString(Long.parseLong(f[2]) + 1000);
    out.add(String.join(",", f));
    return out;
  }

  /**
   * One generated input record.
   *
   * @param seq its sequence number
   * @param t its intended send time, µs
   * @param stream the index of its input stream (join's part), else 0
   * @param key its Kafka key, or null
   * @param value its value, ASCII
   */
  public record Input(long seq, long t, int stream, String key, String value) {
    public byte[] bytes() {
      return value.getBytes(StandardCharsets.US_ASCII);
    }
  }

  /** Records {@code 0..n-1} at {@code startMicros + seq * stepMicros}, tallied by the check. */
  public static List<Input> generate(OutputCheck check, int n, long startMicros, long stepMicros) {
    List<Input> out = new ArrayList<>(n);
    byte[] buf = new byte[check.maxRecordBytes()];
    for (long seq = 0; seq < n; seq++) {
      long t = startMicros + seq * stepMicros;
      int len = check.encode(seq, t, buf);
      byte[] key = check.key();
      out.add(
          new Input(
              seq,
              t,
              check.stream(),
              key == null ? null : new String(key, StandardCharsets.US_ASCII),
              new String(buf, 0, len, StandardCharsets.US_ASCII)));
    }
    return out;
  }

  /** The check's end marker after input whose last intended time is {@code lastT}, or null. */
  public static String endMarker(OutputCheck check, long lastT) {
    byte[] buf = new byte[check.maxRecordBytes()];
    int len = check.encodeEndMarker(lastT, buf);
    return len < 0 ? null : new String(buf, 0, len, StandardCharsets.US_ASCII);
  }

  /** Ends generation after {@code sent} records and judges {@code lines}, the job's output. */
  public static Verdict judge(OutputCheck check, long sent, List<String> lines) {
    check.expect(sent);
    long[] stamps = new long[3];
    for (String line : lines) {
      check.observe(line == null ? null : line.getBytes(StandardCharsets.UTF_8), stamps);
    }
    return check.verdict();
  }
}
