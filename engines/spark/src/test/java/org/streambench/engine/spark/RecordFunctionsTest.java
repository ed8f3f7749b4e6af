package org.streambench.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.AccessLogs;

/** The per-record functions of the queries, without Spark. */
class RecordFunctionsTest {
  @Test
  void grepMatchesTheTextOnly() {
    GrepQuery.Matches errors = new GrepQuery.Matches("ERROR");
    assertTrue(errors.call("1,2,ERROR disk full,3"));
    assertFalse(errors.call("1,2,INFO all fine,3"));
    GrepQuery.Matches anchored = new GrepQuery.Matches("^INFO");
    assertTrue(anchored.call("1,2,INFO x,3"));
    GrepQuery.Matches digits = new GrepQuery.Matches("7");
    assertFalse(digits.call("7,7,INFO x,7"), "seq, t and the entry stamp never match");
  }

  /** q7's aggregate keeps every bid at the highest price, across merges, and no end marker. */
  @Test
  void highestBidsKeepTies() {
    NexmarkSql.HighestBids agg = new NexmarkSql.HighestBids();
    NexmarkSql.HighestBids.Top first = agg.zero();
    for (long[] seqAndPrice : new long[][] {{1, 5}, {2, 9}, {3, 9}, {4, 7}}) {
      first = agg.reduce(first, RowFactory.create(seqAndPrice[0], 1L, seqAndPrice[1], 2L, 3L, "x"));
    }
    NexmarkSql.HighestBids.Top second =
        agg.reduce(
            agg.reduce(agg.zero(), RowFactory.create(5L, 1L, 9L, 2L, 3L, "x")),
            RowFactory.create(-1L, null, null, null, null, null));
    assertEquals(
        List.of(2L, 3L, 5L),
        agg.finish(agg.merge(first, second)).getBids().stream()
            .map(NexmarkSql.HighestBids.Bid::getSeq)
            .toList());
  }

  /** q5's aggregate keeps every auction at the highest count, across merges, and no end marker. */
  @Test
  void hotItemsKeepTies() {
    NexmarkSql.HotItems agg = new NexmarkSql.HotItems();
    NexmarkSql.HotItems.Top first = agg.zero();
    for (long[] auctionAndNum : new long[][] {{1000, 2}, {1001, 5}, {1002, 5}, {1003, 4}}) {
      first = agg.reduce(first, RowFactory.create(auctionAndNum[0], auctionAndNum[1]));
    }
    NexmarkSql.HotItems.Top second =
        agg.reduce(
            agg.reduce(agg.zero(), RowFactory.create(1004L, 5L)), RowFactory.create(null, 9L));
    NexmarkSql.HotItems.Top top = agg.finish(agg.merge(first, second));
    assertEquals(5, top.getNum());
    assertEquals(List.of(1001L, 1002L, 1004L), top.getAuctions());
    NexmarkSql.HotItems.Top higher =
        agg.merge(agg.reduce(agg.zero(), RowFactory.create(1005L, 6L)), top);
    assertEquals(List.of(1005L), higher.getAuctions());
  }

  @Test
  void sentencesSplitIntoWordsWithTheirTimes() throws Exception {
    Iterator<String> words =
        WordCountQuery.split("{\"msgId\":3,\"eventTime\":17,\"sentence\":\"a b a\"},99");
    List<String> out = new ArrayList<>();
    words.forEachRemaining(out::add);
    assertEquals(List.of("a,17,99", "b,17,99", "a,17,99"), out);
  }

  @Test
  void accessLogsParseWithJackson() throws Exception {
    EventTime.Timed log =
        UriCountQuery.parse(
            "{\"seq\":1,\"time\":1763790000123456,\"ip\":\"10.0.0.1\",\"uri\":\"/api/a\","
                + "\"status\":200,\"agent\":\"Mozilla/5.0 (X11, y)\"},42");
    assertEquals("/api/a", log.getKey());
    assertEquals(1763790000123456L, log.getEventMicros());
    assertEquals(1763790000123456L, EventTime.micros(log.getEventTime()));
    assertEquals(42, log.getInMicros());
    assertThrows(Exception.class, () -> UriCountQuery.parse("{\"seq\":1},42"));
  }

  @Test
  void windowResultsDropEndMarkers() {
    Timestamp start = EventTime.timestamp(1_000_000);
    List<String> out = new ArrayList<>();
    UriCountQuery.format(RowFactory.create("/a", start, 3L, 1_500_000L, 7L))
        .forEachRemaining(out::add);
    UriCountQuery.format(RowFactory.create(AccessLogs.END_MARKER_URI, start, 1L, 9L, 9L))
        .forEachRemaining(out::add);
    assertEquals(List.of("/a,1000000,3,1500000,7"), out);
  }
}
