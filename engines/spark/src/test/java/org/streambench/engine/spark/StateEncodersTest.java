package org.streambench.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.WordCountWindow;

/**
 * The beans of the queries survive Spark's bean encoders (state store and shuffle rows), and the
 * windowed count reads their columns (on a batch Dataset, where the watermark does nothing).
 */
class StateEncodersTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark =
        SparkSession.builder()
            .master("local[1]")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.ui.enabled", "false")
            .getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @Test
  void joinSampleWithItsDeadline() {
    JoinQuery.Sample s = new JoinQuery.Sample();
    s.add(JoinPart.parse("3,5,7,0,abc", 11));
    s.add(JoinPart.parse("4,9,7,2,de", 12));
    s.setDeadlineMs(1234);
    JoinQuery.Sample back = roundTrip(s, JoinQuery.Sample.class);
    assertEquals("7,5,5,5,9,12", back.result(7));
    assertNull(back.getPayloads()[1]);
    assertEquals(1234, back.getDeadlineMs());
  }

  @Test
  void wordCountWindow() {
    WordCountWindow w = new WordCountWindow().add(30, 300).add(10, 100);
    assertEquals("w,2,10,30,100,300", roundTrip(w, WordCountWindow.class).line("w"));
  }

  @Test
  void timedRecordsCountPerKeyAndWindow() {
    List<EventTime.Timed> records =
        List.of(
            EventTime.Timed.of("/a", 1_500_000, 7),
            EventTime.Timed.of("/a", 1_700_000, 9),
            EventTime.Timed.of("/a", 2_100_000, 8));
    List<String> out =
        EventTime.countPerWindow(
                spark.createDataset(records, Encoders.bean(EventTime.Timed.class)), 1000, 0)
            .collectAsList()
            .stream()
            .map(r -> UriCountQuery.format(r).next())
            .sorted()
            .toList();
    assertEquals(List.of("/a,1000000,2,1700000,9", "/a,2000000,1,2100000,8"), out);
  }

  private static <T> T roundTrip(T value, Class<T> type) {
    return spark.createDataset(List.of(value), Encoders.bean(type)).collectAsList().get(0);
  }
}
