package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NexmarkEventsTest {
  private final NexmarkEvents events = new NexmarkEvents(NexmarkEvents.Config.DEFAULT);

  /**
   * {@code nexmark-beam-2.60.0.csv} holds events 0 to 149 and 2,000,000 to 2,000,099 as Apache Beam
   * 2.60.0's Nexmark {@code Generator} makes them at its default configuration (one generator
   * timeline from event 0 or 2,000,000, base time 0, so event {@code n} is due at {@code 10 n} ms),
   * one line each: {@code n,kind,fields...}. Every field must come out the same here.
   */
  @Test
  void eventsAreBeamsEventsFieldForField() throws IOException {
    List<String> golden = golden();
    assertEquals(250, golden.size());
    for (String line : golden) {
      long n = Long.parseLong(line.substring(0, line.indexOf(',')));
      NexmarkEvents.Event e = events.event(n, 10 * n);
      assertEquals(line, n + "," + e.kind() + "," + e.fields(), "event " + n);
    }
  }

  @Test
  void proportionsAreOnePersonThreeAuctionsFortySixBidsInFifty() {
    int[] kinds = new int[3];
    for (long n = 0; n < 50_000; n++) {
      kinds[NexmarkEvents.kind(n)]++;
    }
    assertEquals(1_000, kinds[NexmarkEvents.PERSON]);
    assertEquals(3_000, kinds[NexmarkEvents.AUCTION]);
    assertEquals(46_000, kinds[NexmarkEvents.BID]);
  }

  /**
   * With hot ratios 2 and 4, half the bids go to a hot auction and three quarters from a hot
   * bidder.
   */
  @Test
  void hotAuctionsAndBiddersTakeTheirShareOfBids() {
    long bids = 0;
    long hotAuction = 0;
    long hotBidder = 0;
    for (long n = 100_000; n < 300_000; n++) {
      if (NexmarkEvents.kind(n) != NexmarkEvents.BID) {
        continue;
      }
      NexmarkEvents.Bid bid = events.bid(n, 0);
      bids++;
      long lastAuction = NexmarkEvents.lastBase0AuctionId(n);
      long lastPerson = NexmarkEvents.lastBase0PersonId(n);
      if (bid.auction() - NexmarkEvents.FIRST_AUCTION_ID == (lastAuction / 100) * 100) {
        hotAuction++;
      }
      if (bid.bidder() - NexmarkEvents.FIRST_PERSON_ID == (lastPerson / 100) * 100 + 1) {
        hotBidder++;
      }
      assertTrue(
          bid.auction() - NexmarkEvents.FIRST_AUCTION_ID <= lastAuction + 10, "auction lead");
      assertTrue(bid.bidder() - NexmarkEvents.FIRST_PERSON_ID <= lastPerson + 10, "person lead");
    }
    // a random pick may land on the hot one too: the shares are at least the configured ones
    assertEquals(0.5, (double) hotAuction / bids, 0.02);
    assertEquals(0.75, (double) hotBidder / bids, 0.02);
  }

  @Test
  void personAndAuctionIdsLeadBackToTheirEvents() {
    for (long n = 0; n < 5_000; n++) {
      NexmarkEvents.Event e = events.event(n, 0);
      if (e instanceof NexmarkEvents.Person p) {
        assertEquals(n, NexmarkEvents.personSeq(p.id()));
      } else if (e instanceof NexmarkEvents.Auction a) {
        assertEquals(n, NexmarkEvents.auctionSeq(a.id()));
      }
    }
  }

  @Test
  void recordsCarrySeqIntendedTimeAndNoCommaInsideAField() {
    byte[] buf = new byte[events.maxRecordBytes()];
    for (long n = 0; n < 2_000; n++) {
      long t = 1_700_000_000_000_000L + n * 100;
      String record = new String(buf, 0, events.encode(n, t, buf), StandardCharsets.US_ASCII);
      NexmarkEvents.Event e = events.event(n, t / 1000);
      assertEquals(n + "," + t + "," + e.kind() + "," + e.fields(), record);
      int expectedFields =
          switch (e.kind()) {
            case NexmarkEvents.PERSON -> 8;
            case NexmarkEvents.AUCTION -> 10;
            default -> 5;
          };
      assertEquals(3 + expectedFields, record.split(",", -1).length, record);
    }
  }

  @Test
  void onlyBidsAreBids() {
    assertFalse(NexmarkEvents.kind(0) == NexmarkEvents.BID);
    assertEquals(NexmarkEvents.BID, NexmarkEvents.kind(4));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> events.bid(1, 0));
  }

  private static List<String> golden() throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                NexmarkEventsTest.class.getResourceAsStream("/nexmark-beam-2.60.0.csv"),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
