package org.streambench.harness.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.LagSeries;

class ConsumerLagTest {
  private static final TopicPartition P0 = new TopicPartition("in", 0);
  private static final TopicPartition P1 = new TopicPartition("in", 1);

  @Test
  void lagIsWhatWasWrittenAndNotCommittedOnEveryPartition() {
    long lag = ConsumerLag.lag(Map.of(P0, new OffsetAndMetadata(70)), Map.of(P0, 100L, P1, 50L));
    // 30 behind on partition 0; nothing committed on partition 1 of a new topic: all 50
    assertEquals(80L, lag);
  }

  @Test
  void aCommitAheadOfTheEndCountsAsNoLag() {
    // the end offsets are read after the commits; a commit in between can pass them
    assertEquals(0L, ConsumerLag.lag(Map.of(P0, new OffsetAndMetadata(12)), Map.of(P0, 10L)));
  }

  @Test
  void readingsBecomeOnePointPerSecondOfTheSeriesTheLastOfEachSecondKept() {
    long origin = 1_000_000;
    List<ConsumerLag.Reading> readings =
        List.of(
            new ConsumerLag.Reading(origin - 500, 99), // before the series starts
            new ConsumerLag.Reading(origin + 100, 10),
            new ConsumerLag.Reading(origin + 900, 20),
            new ConsumerLag.Reading(origin + 2_100, 5));
    assertEquals(
        List.of(new LagSeries.Point(0, 20), new LagSeries.Point(2, 5)),
        ConsumerLag.points(readings, origin));
  }
}
