package org.streambench.api.workload;

import java.math.BigDecimal;
import java.util.List;

/**
 * The Nexmark queries streambench runs (docs/nexmark.md), as the nexmark project states them in
 * Flink SQL. A stateless query's model is here (which bids it keeps, its row's columns for a bid);
 * the stateful ones' models need the whole event sequence and live in the verifier. Every engine's
 * job writes the query its own way; the harness's check holds its rows to the model.
 */
public enum NexmarkQuery {
  /** Pass-through: {@code SELECT auction, bidder, price, dateTime, extra FROM bid}. */
  Q0(5) {
    @Override
    public List<String> columns(NexmarkEvents.Bid bid) {
      return List.of(
          Long.toString(bid.auction()),
          Long.toString(bid.bidder()),
          Long.toString(bid.price()),
          Long.toString(bid.dateTime()),
          bid.extra());
    }
  },
  /**
   * Currency conversion: {@code SELECT auction, bidder, 0.908 * price AS price, dateTime, extra
   * FROM bid}.
   */
  Q1(5) {
    @Override
    public List<String> columns(NexmarkEvents.Bid bid) {
      return List.of(
          Long.toString(bid.auction()),
          Long.toString(bid.bidder()),
          euros(bid.price()).toPlainString(),
          Long.toString(bid.dateTime()),
          bid.extra());
    }
  },
  /** Selection: {@code SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0}. */
  Q2(2) {
    @Override
    public boolean selects() {
      return true;
    }

    @Override
    public boolean keeps(long auction, long price) {
      return auction % AUCTION_SKIP == 0;
    }

    @Override
    public boolean keepsBidAt(NexmarkEvents events, long seq) {
      return keeps(events.auctionOfBidAt(seq), 0);
    }

    @Override
    public List<String> columns(NexmarkEvents.Bid bid) {
      return List.of(Long.toString(bid.auction()), Long.toString(bid.price()));
    }
  },
  /**
   * Local item suggestion, an incremental join: {@code SELECT P.name, P.city, P.state, A.id FROM
   * auction A JOIN person P ON A.seller = P.id WHERE A.category = 10 AND P.state IN ('OR', 'ID',
   * 'CA')}. A row per auction, whichever of the two arrives last.
   */
  Q3(4, Shape.JOIN),
  /**
   * Average price for a category: per category and tumbling 10 s window of the auctions' expiry,
   * the average of their winning prices, {@code category,avg,starttime} (the window's start, epoch
   * ms). An auction's winning price is its highest bid from its opening to its expiry, both
   * included, as the nexmark project's {@code B.dateTime BETWEEN A.dateTime AND A.expires}; one
   * without such a bid has none. The nexmark project averages over all auctions ever closed, a
   * result that is revised with every auction; here, as Beam's model does, each window of closing
   * auctions has one final row. The average is the sum's integer quotient by the count (Flink's
   * {@code AVG} of a {@code BIGINT}).
   */
  Q4(3, Shape.WINDOWED),
  /**
   * Hot items: per sliding 10 s window every 2 s, the auctions with the most bids, {@code
   * auction,num,starttime} (the window's start, epoch ms; ties give several rows).
   */
  Q5(3, Shape.WINDOWED),
  /**
   * Highest bid: the bids whose price is the highest of their tumbling 10 s window, {@code
   * auction,price,bidder,dateTime,extra} (ties give several rows).
   */
  Q7(5, Shape.WINDOWED),
  /**
   * Monitor new users: the people who opened an auction in the tumbling 10 s window they joined in,
   * {@code id,name,starttime} (the window's start, epoch ms).
   */
  Q8(3, Shape.WINDOWED),
  /**
   * User sessions: per bidder and session of bids (a bid at most {@link #SESSION_GAP_MS} after the
   * session's last one extends it), the bids' count, {@code bidder,bid_count,starttime,endtime}
   * (the session's first bid's time and its last one's plus the gap, epoch ms), as the nexmark
   * project's {@code GROUP BY B.bidder, SESSION(B.dateTime, INTERVAL '10' SECOND)}.
   */
  Q11(4, Shape.WINDOWED),
  /**
   * Calculation: {@code SELECT auction, bidder, 0.908 * price AS price, CASE WHEN HOUR(dateTime) >=
   * 8 AND HOUR(dateTime) <= 18 THEN 'dayTime' WHEN HOUR(dateTime) <= 6 OR HOUR(dateTime) >= 20 THEN
   * 'nightTime' ELSE 'otherTime' END AS bidTimeType, dateTime, extra, count_char(extra, 'c') AS
   * c_counts FROM bid WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000}, the hour in UTC
   * and {@code count_char} the nexmark project's function (the times a character occurs).
   */
  Q14(7) {
    @Override
    public boolean selects() {
      return true;
    }

    @Override
    public boolean keeps(long auction, long price) {
      BigDecimal euros = euros(price);
      return euros.compareTo(Q14_MIN_EUROS) > 0 && euros.compareTo(Q14_MAX_EUROS) < 0;
    }

    @Override
    public List<String> columns(NexmarkEvents.Bid bid) {
      return List.of(
          Long.toString(bid.auction()),
          Long.toString(bid.bidder()),
          euros(bid.price()).toPlainString(),
          bidTimeType(bid.dateTime()),
          Long.toString(bid.dateTime()),
          bid.extra(),
          Long.toString(countChar(bid.extra(), 'c')));
    }
  };

  /** How a query's output relates to its input. */
  public enum Shape {
    /** One row per kept bid, a function of that bid alone (q0–q2). */
    STATELESS,
    /** One row per match of an unbounded join, as soon as both sides have arrived. */
    JOIN,
    /** Rows per event-time window once the watermark passes its end. */
    WINDOWED
  }

  /** q3's category and states. */
  public static final long Q3_CATEGORY = 10;

  public static final List<String> Q3_STATES = List.of("OR", "ID", "CA");

  /** q11's session gap, ms (the nexmark project's 10 s). */
  public static final long SESSION_GAP_MS = 10_000;

  /** The tumbling window of q7 and q8, ms (the nexmark project's 10 s). */
  public static final long WINDOW_MS = 10_000;

  /** q5's sliding window, ms, and how often one starts (the nexmark project's 10 s every 2 s). */
  public static final long Q5_WINDOW_MS = 10_000;

  public static final long Q5_SLIDE_MS = 2_000;

  /**
   * How far past the last event, ms, the end marker of a windowed query's input is in event time
   * (docs/nexmark.md): a window and the watermark delay, so that every window closes, and a second.
   */
  public static long endMarkerLeadMs(long watermarkDelayMs) {
    return WINDOW_MS + watermarkDelayMs + 1_000;
  }

  /**
   * This query's end marker lead, ms ({@link #endMarkerLeadMs(long)}), and for q4 twice the longest
   * an auction lasts on top: its last windows are those of the last auctions' expiry, and a join of
   * auctions with their bids bounded by that length holds event time back by as much behind it
   * (Flink's interval join and Spark's stream-stream join delay their output's watermark so).
   */
  public long endMarkerLeadMs(long watermarkDelayMs, long maxAuctionLengthMs) {
    return endMarkerLeadMs(watermarkDelayMs) + (this == Q4 ? 2 * maxAuctionLengthMs : 0);
  }

  /** q1's exchange rate, dollars to euros. */
  public static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");

  /** q2 keeps the bids of every 123rd auction (Nexmark's {@code auctionSkip}). */
  public static final long AUCTION_SKIP = 123;

  /** q14 keeps the bids whose price in euros is strictly between these. */
  public static final BigDecimal Q14_MIN_EUROS = BigDecimal.valueOf(1_000_000);

  public static final BigDecimal Q14_MAX_EUROS = BigDecimal.valueOf(50_000_000);

  /**
   * q14's {@code bidTimeType} of a bid at {@code dateTime} (epoch ms): its hour of the day in UTC
   * from 8 to 18 is {@code dayTime}, up to 6 or from 20 {@code nightTime}, else {@code otherTime}.
   */
  public static String bidTimeType(long dateTime) {
    int hour = (int) Math.floorMod(Math.floorDiv(dateTime, 3_600_000L), 24L);
    return hour >= 8 && hour <= 18
        ? "dayTime"
        : hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
  }

  /** The nexmark project's {@code count_char(s, c)}: how often {@code c} occurs in {@code s}. */
  public static long countChar(String s, char c) {
    long count = 0;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == c) {
        count++;
      }
    }
    return count;
  }

  private final int outputColumns;
  private final Shape shape;

  NexmarkQuery(int outputColumns) {
    this(outputColumns, Shape.STATELESS);
  }

  NexmarkQuery(int outputColumns, Shape shape) {
    this.outputColumns = outputColumns;
    this.shape = shape;
  }

  public Shape shape() {
    return shape;
  }

  /** The workload's name, {@code nexmark-q0} ... */
  public String workload() {
    return "nexmark-" + name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The query of a workload name, or null. */
  public static NexmarkQuery ofWorkload(String workload) {
    for (NexmarkQuery q : values()) {
      if (q.workload().equals(workload)) {
        return q;
      }
    }
    return null;
  }

  /** The columns of its row, between the row's {@code seq,t} and its stamps. */
  public int outputColumns() {
    return outputColumns;
  }

  /** Whether it keeps only some bids ({@link #keeps}), not every one. */
  public boolean selects() {
    return false;
  }

  /**
   * Whether it emits a row for a bid on {@code auction} at {@code price} (a selection keeps some
   * only, by these two alone).
   */
  public boolean keeps(long auction, long price) {
    return true;
  }

  /**
   * Whether it emits a row for the bid at position {@code seq} of {@code events}, drawn no further
   * than it needs.
   */
  public boolean keepsBidAt(NexmarkEvents events, long seq) {
    return !selects() || keeps(events.auctionOfBidAt(seq), events.priceOfBidAt(seq));
  }

  /** A stateless query's row columns for {@code bid}. */
  public List<String> columns(NexmarkEvents.Bid bid) {
    throw new UnsupportedOperationException(this + " is not a function of one bid");
  }

  /** {@code price} dollars in euros, exactly. */
  public static BigDecimal euros(long price) {
    return BigDecimal.valueOf(price).multiply(DOLLAR_TO_EURO);
  }
}
