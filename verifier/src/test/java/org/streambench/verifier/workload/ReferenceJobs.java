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

  /**
   * Nexmark q0, q1, q2 or q14 by hand on the bid records {@code seq,t,2,auction,bidder,price,...}.
   */
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
            case 2 -> auction % 123 == 0 ? f[3] + "," + f[5] : null;
            default -> q14(f);
          };
      if (columns != null) {
        out.add(f[0] + "," + f[1] + "," + columns + "," + (r.t() + 1) + "," + (r.t() + 2));
      }
    }
    return out;
  }

  /**
   * Nexmark q3, q7 or q8 written straight from their SQL over the records: q3 joins as people and
   * auctions arrive, q7 and q8 group by 10 s window at the end of the input.
   */
  static List<String> nexmarkStateful(List<Input> in, int query) {
    List<String> out = new ArrayList<>();
    Map<String, String[]> people = new HashMap<>();
    Map<String, List<String[]>> waiting = new HashMap<>();
    Map<Long, List<String[]>> bids = new java.util.TreeMap<>();
    Map<Long, Map<String, String[]>> joined = new java.util.TreeMap<>();
    Map<Long, Map<String, Long>> sold = new java.util.TreeMap<>();
    for (Input r : in) {
      String[] f = r.value().split(",", -1);
      switch (query) {
        case 3 -> {
          if (f[2].equals("0") && List.of("OR", "ID", "CA").contains(f[8])) {
            people.put(f[3], f);
            for (String[] a : waiting.getOrDefault(f[3], List.of())) {
              out.add(q3Row(a, f));
            }
          } else if (f[2].equals("1") && f[11].equals("10")) {
            String[] p = people.get(f[10]);
            if (p != null) {
              out.add(q3Row(f, p));
            } else {
              waiting.computeIfAbsent(f[10], k -> new ArrayList<>()).add(f);
            }
          }
        }
        case 4, 11 -> {}
        case 5, 7 -> {
          if (f[2].equals("2")) {
            bids.computeIfAbsent(window(f[6]), w -> new ArrayList<>()).add(f);
          }
        }
        default -> {
          if (f[2].equals("0")) {
            joined.computeIfAbsent(window(f[9]), w -> new HashMap<>()).put(f[3], f);
          } else if (f[2].equals("1")) {
            sold.computeIfAbsent(window(f[8]), w -> new HashMap<>())
                .merge(f[10], Long.parseLong(f[1]), Math::max);
          }
        }
      }
    }
    if (query == 5) {
      return hotItems(bids.values().stream().flatMap(List::stream).toList());
    }
    if (query == 4) {
      return averagePrice(in);
    }
    if (query == 11) {
      return userSessions(in);
    }
    bids.values()
        .forEach(
            window -> {
              long max = window.stream().mapToLong(b -> Long.parseLong(b[5])).max().orElseThrow();
              long last = window.stream().mapToLong(b -> Long.parseLong(b[1])).max().orElseThrow();
              window.stream()
                  .filter(b -> Long.parseLong(b[5]) == max)
                  .forEach(
                      b ->
                          out.add(
                              stamped(b[0], last, String.join(",", b[3], b[5], b[4], b[6], b[7]))));
            });
    joined.forEach(
        (start, window) ->
            window.forEach(
                (id, p) -> {
                  Long auctioned = sold.getOrDefault(start, Map.of()).get(id);
                  if (auctioned != null) {
                    long t = Math.max(Long.parseLong(p[1]), auctioned);
                    out.add(stamped(p[0], t, id + "," + p[4] + "," + start));
                  }
                }));
    return out;
  }

  /**
   * q4 by brute force: each auction joined with its bids from its opening to its expiry, its
   * highest price, then per category and 10 s window of expiry the integer mean.
   */
  private static List<String> averagePrice(List<Input> in) {
    List<String[]> auctions = new ArrayList<>();
    List<String[]> bidsOf = new ArrayList<>();
    for (Input r : in) {
      String[] f = r.value().split(",", -1);
      if (f[2].equals("1")) {
        auctions.add(f);
      } else if (f[2].equals("2")) {
        bidsOf.add(f);
      }
    }
    Map<String, long[]> windows = new java.util.TreeMap<>(); // sum, count, latest t
    for (String[] a : auctions) {
      long opens = Long.parseLong(a[8]);
      long expires = Long.parseLong(a[9]);
      long max = -1;
      long t = Long.parseLong(a[1]);
      for (String[] b : bidsOf) {
        long at = Long.parseLong(b[6]);
        if (b[3].equals(a[3]) && at >= opens && at <= expires) {
          max = Math.max(max, Long.parseLong(b[5]));
          t = Math.max(t, Long.parseLong(b[1]));
        }
      }
      if (max >= 0) {
        long[] w = windows.computeIfAbsent(a[11] + "," + window(a[9]), k -> new long[] {0, 0, 0});
        w[0] += max;
        w[1]++;
        w[2] = Math.max(w[2], t);
      }
    }
    List<String> out = new ArrayList<>();
    windows.forEach(
        (key, w) -> {
          String[] k = key.split(",");
          out.add(stamped(k[0], w[2], k[0] + "," + (w[0] / w[1]) + "," + k[1]));
        });
    return out;
  }

  /**
   * q11 by brute force: each bidder's bids in time order, a new session wherever one comes more
   * than 10 s after the one before.
   */
  private static List<String> userSessions(List<Input> in) {
    Map<String, List<long[]>> byBidder = new java.util.TreeMap<>(); // dateTime, t
    for (Input r : in) {
      String[] f = r.value().split(",", -1);
      if (f[2].equals("2")) {
        byBidder
            .computeIfAbsent(f[4], k -> new ArrayList<>())
            .add(new long[] {Long.parseLong(f[6]), Long.parseLong(f[1])});
      }
    }
    List<String> out = new ArrayList<>();
    byBidder.forEach(
        (bidder, bids) -> {
          bids.sort((a, b) -> Long.compare(a[0], b[0]));
          int first = 0;
          for (int i = 1; i <= bids.size(); i++) {
            if (i == bids.size() || bids.get(i)[0] - bids.get(i - 1)[0] > 10_000) {
              long t = Long.MIN_VALUE;
              for (int j = first; j < i; j++) {
                t = Math.max(t, bids.get(j)[1]);
              }
              long start = bids.get(first)[0];
              long end = bids.get(i - 1)[0] + 10_000;
              out.add(stamped(bidder, t, bidder + "," + (i - first) + "," + start + "," + end));
              first = i;
            }
          }
        });
    return out;
  }

  /** q5 by brute force: every 2 s window start, its 10 s of bids counted per auction. */
  private static List<String> hotItems(List<String[]> bids) {
    List<String> out = new ArrayList<>();
    long first = bids.stream().mapToLong(b -> Long.parseLong(b[6])).min().orElseThrow();
    long last = bids.stream().mapToLong(b -> Long.parseLong(b[6])).max().orElseThrow();
    for (long start = first - Math.floorMod(first, 2000L) - 8000; start <= last; start += 2000) {
      long from = start;
      List<String[]> in =
          bids.stream()
              .filter(b -> Long.parseLong(b[6]) >= from && Long.parseLong(b[6]) < from + 10_000)
              .toList();
      if (in.isEmpty()) {
        continue;
      }
      Map<String, Long> counts = new HashMap<>();
      in.forEach(b -> counts.merge(b[3], 1L, Long::sum));
      long max = counts.values().stream().mapToLong(Long::longValue).max().orElseThrow();
      long t = in.stream().mapToLong(b -> Long.parseLong(b[1])).max().orElseThrow();
      counts.forEach(
          (auction, n) -> {
            if (n == max) {
              long seq =
                  org.streambench.api.workload.NexmarkEvents.auctionSeq(Long.parseLong(auction));
              out.add(stamped(Long.toString(seq), t, auction + "," + n + "," + from));
            }
          });
    }
    return out;
  }

  /** q14's columns of bid record {@code f}, or null where its price is out of the range. */
  private static String q14(String[] f) {
    java.math.BigDecimal euros =
        new java.math.BigDecimal(f[5]).multiply(new java.math.BigDecimal("0.908"));
    if (euros.doubleValue() <= 1e6 || euros.doubleValue() >= 5e7) {
      return null;
    }
    int hour =
        java.time.Instant.ofEpochMilli(Long.parseLong(f[6]))
            .atZone(java.time.ZoneOffset.UTC)
            .getHour();
    String type =
        hour >= 8 && hour <= 18 ? "dayTime" : hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
    long c = f[7].chars().filter(ch -> ch == 'c').count();
    return String.join(",", f[3], f[4], euros.toPlainString(), type, f[6], f[7], Long.toString(c));
  }

  private static long window(String dateTime) {
    long ms = Long.parseLong(dateTime);
    return ms - Math.floorMod(ms, 10_000L);
  }

  private static String q3Row(String[] auction, String[] person) {
    long t = Math.max(Long.parseLong(auction[1]), Long.parseLong(person[1]));
    return stamped(auction[0], t, String.join(",", person[4], person[7], person[8], auction[3]));
  }

  private static String stamped(String seq, long t, String columns) {
    return seq + "," + t + "," + columns + "," + (t + 1) + "," + (t + 2);
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
