package org.streambench.verifier.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.api.workload.StateMachine;
import org.streambench.api.workload.YsbEvents;
import org.streambench.verifier.workload.Replay.Input;

/**
 * Single-threaded reference implementations of each workload's job (docs/workloads.md), for the
 * verifier tests: correct output from generated input, with {@code in = t + 1} and {@code out = t +
 * 2}. Deliberately plain string code, nothing shared with the verifiers.
 */
final class ReferenceJobs {
  private ReferenceJobs() {}

  static List<String> identity(List<Input> in) {
    return in.stream().map(r -> r.value() + "," + (r.t() + 1) + "," + (r.t() + 2)).toList();
  }

  static List<String> grep(List<Input> in, String pattern) {
    Pattern p = Pattern.compile(pattern);
    List<String> out = new ArrayList<>();
    for (Input r : in) {
      String text = r.value().split(",", 3)[2];
      if (p.matcher(text).find()) {
        out.add(r.value() + "," + (r.t() + 1) + "," + (r.t() + 2));
      }
    }
    return out;
  }

  /** Nexmark q0, q1 or q2 by hand on the bid records {@code seq,t,2,auction,bidder,price,...}. */
  static List<String> nexmark(List<Input> in, int query) {
    List<String> out = new ArrayList<>();
    for (Input r : in) {
      String[] f = r.value().split(",", -1);
      if (!f[2].equals("2")) {
        continue;
      }
      long auction = Long.parseLong(f[3]);
      String columns =
          switch (query) {
            case 0 -> String.join(",", f[3], f[4], f[5], f[6], f[7]);
            case 1 ->
                String.join(
                    ",",
                    f[3],
                    f[4],
                    new java.math.BigDecimal(f[5])
                        .multiply(new java.math.BigDecimal("0.908"))
                        .toPlainString(),
                    f[6],
                    f[7]);
            default -> auction % 123 == 0 ? f[3] + "," + f[5] : null;
          };
      if (columns != null) {
        out.add(f[0] + "," + f[1] + "," + columns + "," + (r.t() + 1) + "," + (r.t() + 2));
      }
    }
    return out;
  }

  static List<String> grouping(List<Input> in) {
    Map<String, long[]> state = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (Input r : in) {
      String[] f = r.value().split(",");
      long[] s = state.computeIfAbsent(f[2], k -> new long[2]);
      s[0]++;
      s[1] += Long.parseLong(f[3]);
      out.add(
          String.join(
              ",", f[0], f[1], f[2], "" + s[0], "" + s[1], "" + (r.t() + 1), "" + (r.t() + 2)));
    }
    return out;
  }

  static List<String> stateMachine(List<Input> in) {
    Map<String, int[]> state = new HashMap<>(); // {state, events in session}
    List<String> out = new ArrayList<>();
    for (Input r : in) {
      String[] f = r.value().split(",");
      int[] s = state.computeIfAbsent(f[2], k -> new int[] {StateMachine.OUT, 0});
      int next = StateMachine.next(s[0], f[3]);
      String stamps = "," + (r.t() + 1) + "," + (r.t() + 2);
      if (next == StateMachine.INVALID) {
        out.add(
            f[0]
                + ","
                + f[1]
                + ","
                + f[2]
                + ",alert,"
                + StateMachine.name(s[0])
                + ":"
                + f[3]
                + stamps);
        continue;
      }
      s[1] = s[0] == StateMachine.OUT ? 1 : s[1] + 1;
      if (StateMachine.endsSession(s[0], f[3])) {
        out.add(f[0] + "," + f[1] + "," + f[2] + ",end," + s[1] + stamps);
      }
      s[0] = next;
    }
    return out;
  }

  private static final Pattern SENTENCE =
      Pattern.compile("\"eventTime\":(\\d+),\"sentence\":\"([^\"]*)\"");

  static List<String> wordCount(List<Input> in, int window) {
    Map<String, long[]> state = new HashMap<>(); // count, minT, maxT
    List<String> out = new ArrayList<>();
    for (Input r : in) {
      Matcher m = SENTENCE.matcher(r.value());
      if (!m.find()) {
        throw new IllegalStateException("not a sentence: " + r.value());
      }
      long t = Long.parseLong(m.group(1));
      for (String word : m.group(2).split(" ")) {
        long[] s = state.computeIfAbsent(word, w -> new long[] {0, Long.MAX_VALUE, 0});
        s[0]++;
        s[1] = Math.min(s[1], t);
        s[2] = Math.max(s[2], t);
        if (s[0] == window) {
          out.add(
              String.join(
                  ",",
                  word,
                  "" + window,
                  "" + s[1],
                  "" + s[2],
                  "" + (s[1] + 1),
                  "" + (s[2] + 1),
                  "" + (s[2] + 2)));
          state.remove(word);
        }
      }
    }
    return out;
  }

  private static final Pattern YSB =
      Pattern.compile(
          "\"ad_id\":\"([^\"]+)\".*\"event_type\":\"([^\"]+)\",\"event_time\":\"(\\d+)\"");

  static List<String> ysb(List<Input> in, YsbEvents events, long windowMs) {
    Map<String, String> campaignOfAd = new HashMap<>();
    for (int ad = 0; ad < events.ads(); ad++) {
      campaignOfAd.put(events.adId(ad), events.campaignId(events.campaignOf(ad)));
    }
    Map<String, long[]> windows = new TreeMap<>(); // count, maxEventMs
    for (Input r : in) {
      Matcher m = YSB.matcher(r.value());
      if (!m.find()) {
        throw new IllegalStateException("not a YSB event: " + r.value());
      }
      if (!m.group(2).equals("view")) {
        continue;
      }
      long ms = Long.parseLong(m.group(3));
      String key = campaignOfAd.get(m.group(1)) + "," + (ms - ms % windowMs);
      long[] w = windows.computeIfAbsent(key, k -> new long[2]);
      w[0]++;
      w[1] = Math.max(w[1], ms);
    }
    List<String> out = new ArrayList<>();
    windows.forEach(
        (k, w) ->
            out.add(
                k
                    + ","
                    + w[0]
                    + ","
                    + w[1] * 1000
                    + ","
                    + (w[1] * 1000 + 1)
                    + ","
                    + (w[1] * 1000 + 2)));
    return out;
  }

  static List<String> join(List<Input> in, int payloadBytes) {
    Map<Long, long[]> samples = new LinkedHashMap<>(); // mask, bytes, firstT, lastT
    for (Input r : in) {
      String[] f = r.value().split(",");
      long[] s =
          samples.computeIfAbsent(Long.parseLong(f[2]), k -> new long[] {0, 0, Long.MAX_VALUE, 0});
      s[0] |= 1L << Integer.parseInt(f[3]);
      s[1] += f[4].length();
      s[2] = Math.min(s[2], r.t());
      s[3] = Math.max(s[3], r.t());
    }
    List<String> out = new ArrayList<>();
    samples.forEach(
        (id, s) ->
            out.add(
                id
                    + ","
                    + s[0]
                    + ","
                    + s[1]
                    + ","
                    + s[2]
                    + ","
                    + s[3]
                    + ","
                    + (s[3] + 1)
                    + ","
                    + (s[3] + 2)));
    return out;
  }

  private static final Pattern LOG = Pattern.compile("\"time\":(\\d+),.*\"uri\":\"([^\"]+)\"");

  static List<String> uriCount(List<Input> in, long windowMs) {
    Map<String, long[]> windows = new TreeMap<>();
    for (Input r : in) {
      Matcher m = LOG.matcher(r.value());
      if (!m.find()) {
        throw new IllegalStateException("not a log line: " + r.value());
      }
      long ms = Long.parseLong(m.group(1)) / 1000;
      String key = m.group(2) + "," + (ms - ms % windowMs) * 1000;
      long[] w = windows.computeIfAbsent(key, k -> new long[2]);
      w[0]++;
      w[1] = Math.max(w[1], Long.parseLong(m.group(1)));
    }
    List<String> out = new ArrayList<>();
    windows.forEach(
        (k, w) -> out.add(k + "," + w[0] + "," + w[1] + "," + (w[1] + 1) + "," + (w[1] + 2)));
    return out;
  }
}
