package org.streambench.verifier.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * What a stateful Nexmark query outputs for the events generated (docs/nexmark.md), tallied on the
 * generator thread as each event is made and finished when generation is over. Each row is keyed by
 * the seq of the one event it is about (q3 the auction, q7 the bid, q8 the person) and carries the
 * latest intended time among the events that made it, from which event-time latency is measured.
 */
abstract class NexmarkModel {
  /** A row's columns (between its {@code seq,t} and its stamps) and its {@code t}. */
  record Row(List<String> columns, long t) {
    /** The row as the check compares it: its columns and {@code t}, comma-separated. */
    String text() {
      return String.join(",", columns) + "@" + t;
    }
  }

  /**
   * The event at position {@code seq}, {@code e}, intended at {@code t} (µs), was generated; in seq
   * order.
   */
  abstract void add(long seq, long t, NexmarkEvents.Event e);

  /**
   * The rows of everything added, by key: the seq of the event a row is about, and {@code @<window
   * start>} after it where one event has a row per window ({@link #windowColumn}).
   */
  abstract Map<String, Row> rows();

  /** The column (among the query's) holding the window of a row's key, or -1 where seq alone is. */
  int windowColumn() {
    return -1;
  }

  /**
   * The model of {@code query} over events whose time may trail one generated before them by up to
   * {@code disorderMs} ({@link org.streambench.api.workload.NexmarkDisorder#boundMs}): it keeps
   * what it tallies that long past the point events in order would have closed it.
   */
  static NexmarkModel of(NexmarkQuery query, long disorderMs) {
    return switch (query) {
      case Q3 -> new LocalItemSuggestion();
      case Q4 -> new AveragePrice(disorderMs);
      case Q5 -> new HotItems();
      case Q7 -> new HighestBid(disorderMs);
      case Q8 -> new NewUsers(disorderMs);
      case Q11 -> new UserSessions(disorderMs);
      default -> throw new IllegalArgumentException(query + " is stateless");
    };
  }

  /** The start (epoch ms) of the tumbling window event time {@code dateTime} (ms) falls in. */
  static long windowStart(long dateTime) {
    return dateTime - Math.floorMod(dateTime, NexmarkQuery.WINDOW_MS);
  }

  /**
   * q3: every auction in category 10 joined with its seller, if the seller is a generated person of
   * Oregon, Idaho or California; the row is ready when the later of the two has arrived.
   */
  static final class LocalItemSuggestion extends NexmarkModel {
    /** The people of those states: their {@code name,city,state}, by id. */
    private final Map<Long, Timed<List<String>>> people = new HashMap<>();

    /** The auctions in category 10: their id and seller. */
    private final List<Timed<long[]>> auctions = new ArrayList<>();

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      if (e instanceof NexmarkEvents.Person p && NexmarkQuery.Q3_STATES.contains(p.state())) {
        people.put(p.id(), new Timed<>(seq, t, List.of(p.name(), p.city(), p.state())));
      } else if (e instanceof NexmarkEvents.Auction a && a.category() == NexmarkQuery.Q3_CATEGORY) {
        auctions.add(new Timed<>(seq, t, new long[] {a.id(), a.seller()}));
      }
    }

    @Override
    Map<String, Row> rows() {
      Map<String, Row> rows = new HashMap<>();
      for (Timed<long[]> a : auctions) {
        Timed<List<String>> p = people.get(a.event()[1]);
        if (p != null) {
          List<String> columns = new ArrayList<>(p.event());
          columns.add(Long.toString(a.event()[0]));
          rows.put(Long.toString(a.seq()), new Row(columns, Math.max(a.t(), p.t())));
        }
      }
      return rows;
    }
  }

  /**
   * q4: per category and tumbling window of the auctions' expiry, the average of their winning
   * prices (the highest bid from an auction's opening to its expiry, both included, whichever of
   * the two came first); the row's time is the latest of those auctions and of all their bids in
   * time, as every such bid decides a winning price. An auction is open until the newest event
   * time, less the disorder, passes its expiry: no bid in time can come after that.
   */
  static final class AveragePrice extends NexmarkModel {
    private final long disorderMs;
    private final Map<Long, OpenAuction> open = new HashMap<>();
    private final TreeMap<Long, List<Long>> byExpiry = new TreeMap<>();
    private final Map<String, long[]> windows = new HashMap<>(); // sum, count, latest t

    /** Bids that came before their auction, by auction: {@code dateTime, price, t} each. */
    private final Map<Long, List<long[]>> waiting = new HashMap<>();

    private long latest = Long.MIN_VALUE;
    private long purgedAt = Long.MIN_VALUE;

    AveragePrice(long disorderMs) {
      this.disorderMs = disorderMs;
    }

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      latest = Math.max(latest, e.dateTime());
      if (e instanceof NexmarkEvents.Auction a) {
        OpenAuction o = new OpenAuction(a.category(), a.dateTime(), a.expires(), t);
        List<long[]> early = waiting.remove(a.id());
        if (early != null) {
          early.forEach(b -> o.bid(b[0], b[1], b[2]));
        }
        open.put(a.id(), o);
        byExpiry.computeIfAbsent(a.expires(), x -> new ArrayList<>()).add(a.id());
      } else if (e instanceof NexmarkEvents.Bid b) {
        OpenAuction a = open.get(b.auction());
        if (a != null) {
          a.bid(b.dateTime(), b.price(), t);
        } else {
          waiting
              .computeIfAbsent(b.auction(), x -> new ArrayList<>())
              .add(new long[] {b.dateTime(), b.price(), t});
        }
      }
      closeBefore(latest - disorderMs);
      forgetWaitingBefore(latest - disorderMs);
    }

    /** Closes the auctions that expired before event time {@code dateTime} (ms). */
    private void closeBefore(long dateTime) {
      while (!byExpiry.isEmpty() && byExpiry.firstKey() < dateTime) {
        var expired = byExpiry.pollFirstEntry();
        for (long id : expired.getValue()) {
          close(open.remove(id), expired.getKey());
        }
      }
    }

    /**
     * Drops the waiting bids before {@code dateTime}, once a second of event time: an auction that
     * comes from now on opens after it, so none of them counts (most name an auction already
     * closed).
     */
    private void forgetWaitingBefore(long dateTime) {
      if (dateTime < purgedAt + 1000) {
        return;
      }
      purgedAt = dateTime;
      waiting.values().forEach(bids -> bids.removeIf(b -> b[0] < dateTime));
      waiting.values().removeIf(List::isEmpty);
    }

    private void close(OpenAuction a, long expires) {
      if (a.price < 0) {
        return;
      }
      long[] w =
          windows.computeIfAbsent(
              a.category + "@" + windowStart(expires), k -> new long[] {0, 0, Long.MIN_VALUE});
      w[0] += a.price;
      w[1]++;
      w[2] = Math.max(w[2], a.latestT);
    }

    @Override
    int windowColumn() {
      return 2;
    }

    @Override
    Map<String, Row> rows() {
      closeBefore(Long.MAX_VALUE);
      Map<String, Row> rows = new HashMap<>();
      windows.forEach(
          (key, w) -> {
            int at = key.indexOf('@');
            rows.put(
                key,
                new Row(
                    List.of(
                        key.substring(0, at), Long.toString(w[0] / w[1]), key.substring(at + 1)),
                    w[2]));
          });
      return rows;
    }

    /** An auction until it closes: its highest bid in time so far (-1: none) and latest time. */
    private static final class OpenAuction {
      private final long category;
      private final long opened;
      private final long expires;
      private long price = -1;
      private long latestT;

      OpenAuction(long category, long opened, long expires, long t) {
        this.category = category;
        this.opened = opened;
        this.expires = expires;
        this.latestT = t;
      }

      void bid(long dateTime, long bidPrice, long t) {
        if (dateTime >= opened && dateTime <= expires) {
          price = Math.max(price, bidPrice);
          latestT = Math.max(latestT, t);
        }
      }
    }
  }

  /**
   * A query over tumbling windows: each window's state until the newest event time, less the
   * disorder, has moved a window past it, then only its rows.
   */
  abstract static class Windowed<W> extends NexmarkModel {
    private final long disorderMs;
    private final TreeMap<Long, W> open = new TreeMap<>();
    private final Map<String, Row> rows = new HashMap<>();
    private long latest = Long.MIN_VALUE;

    Windowed(long disorderMs) {
      this.disorderMs = disorderMs;
    }

    /** The window of event time {@code dateTime} (ms), closing those no event can reach now. */
    final W window(long dateTime) {
      latest = Math.max(latest, dateTime);
      long horizon = windowStart(latest - disorderMs) - NexmarkQuery.WINDOW_MS;
      while (!open.isEmpty() && open.firstKey() < horizon) {
        var oldest = open.pollFirstEntry();
        close(oldest.getKey(), oldest.getValue(), rows);
      }
      return open.computeIfAbsent(windowStart(dateTime), s -> newWindow());
    }

    abstract W newWindow();

    /** Adds the rows of window {@code w}, starting at {@code start} (epoch ms), to {@code rows}. */
    abstract void close(long start, W w, Map<String, Row> rows);

    @Override
    final Map<String, Row> rows() {
      open.forEach((start, w) -> close(start, w, rows));
      open.clear();
      return rows;
    }
  }

  /** q7: per tumbling window, the bids at its highest price; each row waits for the window. */
  static final class HighestBid extends Windowed<HighestBid.Highest> {
    HighestBid(long disorderMs) {
      super(disorderMs);
    }

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      if (e instanceof NexmarkEvents.Bid b) {
        window(b.dateTime()).add(seq, t, b);
      }
    }

    @Override
    Highest newWindow() {
      return new Highest();
    }

    @Override
    void close(long start, Highest w, Map<String, Row> rows) {
      for (Timed<NexmarkEvents.Bid> b : w.top) {
        NexmarkEvents.Bid bid = b.event();
        rows.put(
            Long.toString(b.seq()),
            new Row(
                List.of(
                    Long.toString(bid.auction()),
                    Long.toString(bid.price()),
                    Long.toString(bid.bidder()),
                    Long.toString(bid.dateTime()),
                    bid.extra()),
                w.latestT));
      }
    }

    static final class Highest {
      private final List<Timed<NexmarkEvents.Bid>> top = new ArrayList<>();
      private long latestT = Long.MIN_VALUE;

      void add(long seq, long t, NexmarkEvents.Bid b) {
        latestT = Math.max(latestT, t);
        if (!top.isEmpty() && b.price() < top.get(0).event().price()) {
          return;
        }
        if (!top.isEmpty() && b.price() > top.get(0).event().price()) {
          top.clear();
        }
        top.add(new Timed<>(seq, t, b));
      }
    }
  }

  /**
   * q5: per sliding window (10 s every 2 s), the auctions with the most bids in it; a row per
   * window and auction, keyed by the auction's seq and the window, its time the window's latest bid
   * (every bid of a window decides which auctions lead it).
   */
  static final class HotItems extends NexmarkModel {
    /** Counts per auction of each slide (2 s): a window is five slides. */
    private final TreeMap<Long, Slide> slides = new TreeMap<>();

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      if (e instanceof NexmarkEvents.Bid b) {
        long start = b.dateTime() - Math.floorMod(b.dateTime(), NexmarkQuery.Q5_SLIDE_MS);
        slides.computeIfAbsent(start, s -> new Slide()).add(b.auction(), t);
      }
    }

    @Override
    int windowColumn() {
      return 2;
    }

    @Override
    Map<String, Row> rows() {
      Map<String, Row> rows = new HashMap<>();
      if (slides.isEmpty()) {
        return rows;
      }
      long perWindow = NexmarkQuery.Q5_WINDOW_MS / NexmarkQuery.Q5_SLIDE_MS;
      long first = slides.firstKey() - (perWindow - 1) * NexmarkQuery.Q5_SLIDE_MS;
      for (long start = first; start <= slides.lastKey(); start += NexmarkQuery.Q5_SLIDE_MS) {
        Map<Long, Long> counts = new HashMap<>();
        long latest = Long.MIN_VALUE;
        for (Slide s : slides.subMap(start, start + NexmarkQuery.Q5_WINDOW_MS).values()) {
          s.counts.forEach((auction, n) -> counts.merge(auction, n, Long::sum));
          latest = Math.max(latest, s.latestT);
        }
        long max = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        for (Map.Entry<Long, Long> c : counts.entrySet()) {
          if (c.getValue() == max) {
            rows.put(
                NexmarkEvents.auctionSeq(c.getKey()) + "@" + start,
                new Row(
                    List.of(Long.toString(c.getKey()), Long.toString(max), Long.toString(start)),
                    latest));
          }
        }
      }
      return rows;
    }

    private static final class Slide {
      private final Map<Long, Long> counts = new HashMap<>();
      private long latestT = Long.MIN_VALUE;

      void add(long auction, long t) {
        counts.merge(auction, 1L, Long::sum);
        latestT = Math.max(latestT, t);
      }
    }
  }

  /**
   * q8: per tumbling window, the people who joined in it and opened an auction in it; the row's
   * time is the latest of the person and their auctions in the window.
   */
  static final class NewUsers extends Windowed<NewUsers.Window> {
    NewUsers(long disorderMs) {
      super(disorderMs);
    }

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      if (e instanceof NexmarkEvents.Person p) {
        window(p.dateTime()).people.put(p.id(), new Timed<>(seq, t, p.name()));
      } else if (e instanceof NexmarkEvents.Auction a) {
        window(a.dateTime()).sellers.merge(a.seller(), t, Math::max);
      }
    }

    @Override
    Window newWindow() {
      return new Window();
    }

    @Override
    void close(long start, Window w, Map<String, Row> rows) {
      w.people.forEach(
          (id, p) -> {
            Long sold = w.sellers.get(id);
            if (sold != null) {
              rows.put(
                  Long.toString(p.seq()),
                  new Row(
                      List.of(Long.toString(id), p.event(), Long.toString(start)),
                      Math.max(p.t(), sold)));
            }
          });
    }

    static final class Window {
      private final Map<Long, Timed<String>> people = new HashMap<>();
      private final Map<Long, Long> sellers = new HashMap<>();
    }
  }

  /**
   * q11: per bidder, sessions of bids each at most the gap after the one before (both ends
   * inclusive, as every engine merges sessions); a row per bidder and session, keyed by the bidder
   * (as {@code seq}) and the session's start, its time the session's latest bid. A session closes
   * once no bid to come can reach it: the newest event time, less the disorder, is more than the
   * gap past its last bid.
   */
  static final class UserSessions extends NexmarkModel {
    private static final long GAP = NexmarkQuery.SESSION_GAP_MS;
    private final long disorderMs;
    private final Map<Long, TreeMap<Long, Session>> open = new HashMap<>(); // by bidder, start
    private final Map<String, Row> rows = new HashMap<>();
    private long latest = Long.MIN_VALUE;
    private long closedAt = Long.MIN_VALUE;

    UserSessions(long disorderMs) {
      this.disorderMs = disorderMs;
    }

    @Override
    void add(long seq, long t, NexmarkEvents.Event e) {
      if (!(e instanceof NexmarkEvents.Bid b)) {
        return;
      }
      latest = Math.max(latest, b.dateTime());
      TreeMap<Long, Session> sessions = open.computeIfAbsent(b.bidder(), x -> new TreeMap<>());
      Session s = new Session(b.dateTime(), b.dateTime(), 1, t);
      // a bidder's sessions lie more than the gap apart: the bid reaches at most the one starting
      // within the gap after it and the one before it
      var reached = sessions.headMap(b.dateTime() + GAP, true).descendingMap().values().iterator();
      while (reached.hasNext()) {
        Session other = reached.next();
        if (other.last + GAP < b.dateTime()) {
          break;
        }
        s = s.merge(other);
        reached.remove();
      }
      sessions.put(s.start, s);
      if (latest - disorderMs >= closedAt + 1000) {
        closedAt = latest - disorderMs;
        closeBefore(closedAt);
      }
    }

    /** Emits the sessions whose last bid plus the gap is before {@code dateTime}. */
    private void closeBefore(long dateTime) {
      for (var bidder = open.entrySet().iterator(); bidder.hasNext(); ) {
        var entry = bidder.next();
        for (var it = entry.getValue().values().iterator(); it.hasNext(); ) {
          Session s = it.next();
          if (s.last + GAP >= dateTime) {
            break;
          }
          close(entry.getKey(), s);
          it.remove();
        }
        if (entry.getValue().isEmpty()) {
          bidder.remove();
        }
      }
    }

    private void close(long bidder, Session s) {
      rows.put(
          bidder + "@" + s.start,
          new Row(
              List.of(
                  Long.toString(bidder),
                  Long.toString(s.count),
                  Long.toString(s.start),
                  Long.toString(s.last + GAP)),
              s.latestT));
    }

    @Override
    int windowColumn() {
      return 2;
    }

    @Override
    Map<String, Row> rows() {
      closeBefore(Long.MAX_VALUE);
      return rows;
    }

    private record Session(long start, long last, long count, long latestT) {
      Session merge(Session o) {
        return new Session(
            Math.min(start, o.start),
            Math.max(last, o.last),
            count + o.count,
            Math.max(latestT, o.latestT));
      }
    }
  }

  /** An event, its seq and its intended time (µs). */
  record Timed<E>(long seq, long t, E event) {}
}
