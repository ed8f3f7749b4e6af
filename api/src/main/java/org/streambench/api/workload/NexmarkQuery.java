package org.streambench.api.workload;

import java.math.BigDecimal;
import java.util.List;

/**
 * The Nexmark queries streambench runs (docs/nexmark.md), as the nexmark project states them in
 * Flink SQL, and the model of each: which bids it keeps and the columns of its row for a bid. Every
 * engine's job writes the query its own way; the harness's check holds its rows to this model.
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
    public boolean keepsAuction(long auction) {
      return auction % AUCTION_SKIP == 0;
    }

    @Override
    public List<String> columns(NexmarkEvents.Bid bid) {
      return List.of(Long.toString(bid.auction()), Long.toString(bid.price()));
    }
  };

  /** q1's exchange rate, dollars to euros. */
  public static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");

  /** q2 keeps the bids of every 123rd auction (Nexmark's {@code auctionSkip}). */
  public static final long AUCTION_SKIP = 123;

  private final int outputColumns;

  NexmarkQuery(int outputColumns) {
    this.outputColumns = outputColumns;
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

  /** Whether it keeps only some bids ({@link #keepsAuction}), not every one. */
  public boolean selects() {
    return false;
  }

  /** Whether it emits a row for a bid on {@code auction} (a selection keeps some only). */
  public boolean keepsAuction(long auction) {
    return true;
  }

  /** Its row's columns for {@code bid}. */
  public abstract List<String> columns(NexmarkEvents.Bid bid);

  /** {@code price} dollars in euros, exactly. */
  public static BigDecimal euros(long price) {
    return BigDecimal.valueOf(price).multiply(DOLLAR_TO_EURO);
  }
}
