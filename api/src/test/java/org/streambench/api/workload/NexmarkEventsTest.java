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

  /**
   * With out-of-order groups of 10, Beam's generator makes at position {@code k} the event of
   * number {@code a(k) = base + (953 k mod 10)} at that event's own time: on Beam's 10 ms timeline,
   * the golden events of {@code a(k)} at {@code 10 a(k)} ms. Here position {@code k} is due at
   * {@code 10 k} ms, and the record carries the same event.
   */
  @Test
  void outOfOrderGroupsCarryBeamsAdjustedEventsAtTheirOwnTimes() throws IOException {
    NexmarkEvents grouped =
        new NexmarkEvents(
            NexmarkEvents.Config.DEFAULT, NexmarkDisorder.of(10, 0, 0, k -> 10_000 * k));
    java.util.Map<Long, String> golden = new java.util.HashMap<>();
    for (String line : golden()) {
      golden.put(Long.parseLong(line.substring(0, line.indexOf(','))), line);
    }
    // Beam's adjusted numbers of positions 0 to 9, worked out by hand from its code: 953 k mod 10
    long[] firstGroup = {0, 3, 6, 9, 2, 5, 8, 1, 4, 7};
    int moved = 0;
    for (long k : golden.keySet()) {
      long n = grouped.disorder().eventNumber(k);
      assertEquals((k / 10) * 10 + firstGroup[(int) (k % 10)], n, "position " + k);
      NexmarkEvents.Event e = grouped.eventAt(k, 10_000 * k);
      assertEquals(golden.get(n), n + "," + e.kind() + "," + e.fields(), "position " + k);
      moved += n != k ? 1 : 0;
    }
    assertEquals(golden.size() * 8 / 10, moved, "all but 0 and 5 of each ten move");
  }

  /**
   * Every whole group holds each of its events once, and no event's time trails one sent before it
   * by more than the bound: a group's span plus the longest delay.
   */
  @Test
  void disorderPermutesWithinGroupsAndStaysWithinItsBound() {
    long slotUs = 1000; // 1,000 events/s
    NexmarkDisorder d = NexmarkDisorder.of(1000, 0.1, 3, k -> slotUs * k);
    NexmarkEvents events = new NexmarkEvents(NexmarkEvents.Config.DEFAULT, d);
    assertEquals(999 + 1 + 3000, d.boundMs());
    java.util.BitSet seen = new java.util.BitSet();
    long newest = Long.MIN_VALUE;
    long mostBehind = 0;
    int delayed = 0;
    long longest = 0;
    for (long k = 0; k < 20_000; k++) {
      seen.set((int) d.eventNumber(k));
      long t = 1_700_000_000_000_000L + slotUs * k;
      long time = events.eventAt(k, t).dateTime();
      newest = Math.max(newest, time);
      mostBehind = Math.max(mostBehind, newest - time);
      long delay = d.delayMs(d.eventNumber(k));
      delayed += delay > 0 ? 1 : 0;
      longest = Math.max(longest, delay);
    }
    assertEquals(20_000, seen.cardinality());
    assertTrue(mostBehind > 3000 && mostBehind <= d.boundMs(), "behind by " + mostBehind);
    assertEquals(0.1, delayed / 20_000.0, 0.01);
    assertTrue(longest > 2900 && longest <= 3000, "longest delay " + longest);
  }

  @Test
  void groupsThatBeamsOrderCannotPermuteAreRefused() {
    assertTrue(NexmarkDisorder.problem(953 * 2, 0, 0).contains("multiple of 953"));
    assertTrue(NexmarkDisorder.problem(8, 0, 0).contains("divides 952"));
    assertEquals(null, NexmarkDisorder.problem(1000, 0.1, 3));
    assertEquals(null, NexmarkDisorder.problem(1, 0, 0));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> NexmarkDisorder.of(1000, 0, 0, null));
    org.junit.jupiter.api.Assertions.assertSame(
        NexmarkDisorder.NONE, NexmarkDisorder.of(1, 0, 3, null));
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

  /** q14's filter needs only a bid's price: the same as the whole bid's. */
  @Test
  void aBidsPriceAloneIsTheWholeBidsPrice() {
    for (long n = 0; n < 5_000; n++) {
      if (NexmarkEvents.kind(n) == NexmarkEvents.BID) {
        assertEquals(events.bid(n, 0).price(), events.priceOfBidAt(n), "bid " + n);
      }
    }
  }

  @Test
  void q14TellsTheTimeOfDayInUtcAndCountsCharacters() {
    long midnight = 1_763_769_600_000L; // 2025-11-22T00:00Z
    long hour = 3_600_000L;
    assertEquals("nightTime", NexmarkQuery.bidTimeType(midnight + 6 * hour + hour - 1));
    assertEquals("otherTime", NexmarkQuery.bidTimeType(midnight + 7 * hour));
    assertEquals("dayTime", NexmarkQuery.bidTimeType(midnight + 8 * hour));
    assertEquals("dayTime", NexmarkQuery.bidTimeType(midnight + 19 * hour - 1));
    assertEquals("otherTime", NexmarkQuery.bidTimeType(midnight + 19 * hour));
    assertEquals("nightTime", NexmarkQuery.bidTimeType(midnight + 20 * hour));
    assertEquals(3, NexmarkQuery.countChar("acbccd", 'c'));
    assertEquals(0, NexmarkQuery.countChar("", 'c'));
    // 0.908 × 1,101,322 = 1,000,000.376 (kept); 0.908 × 1,101,321 = 999,999.468 (not)
    assertTrue(NexmarkQuery.Q14.keeps(1, 1_101_322));
    assertFalse(NexmarkQuery.Q14.keeps(1, 1_101_321));
    assertFalse(NexmarkQuery.Q14.keeps(1, 55_066_080)); // 50,000,000.64 euros
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
