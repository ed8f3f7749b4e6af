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
