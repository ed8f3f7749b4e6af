package org.streambench.verifier.workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.streambench.verifier.Verdict;

/**
 * A check driven from one thread, for tests that run a job on generated input: generate the input
 * through the check (which tallies it), run the job on it, and judge the job's output lines.
 *
 * <pre>
 * OutputCheck check = new GrepCheck(new GrepLines(seed, 0.1, 8), Pattern.compile("ERROR"), g);
 * List&lt;Replay.Input&gt; in = Replay.generate(check, 2000, startMicros, 1000);
 * List&lt;String&gt; out = ...the job's output lines, exit stamp included...;
 * Verdict v = Replay.judge(check, in.size(), out);
 * </pre>
 */
public final class Replay {
  private Replay() {}

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
