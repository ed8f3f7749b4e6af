package org.streambench.engine.kafkastreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.api.workload.YsbEvents;

/** ysb, uricount and Nexmark's q5 and q8 (event-time windows) and join (wall-clock punctuation). */
class WindowedTopologiesTest {
  private static final long BASE_MS = 1_700_000_040_000L; // a whole minute

  @TempDir Path runDir;

  @ParameterizedTest
  @ValueSource(strings = {"jackson", "scala"})
  void uriCountCountsPerUriAndWindowAndDropsEndMarkers(String parser) {
    AccessLogs generator = new AccessLogs(3, 9);
    byte[] buf = new byte[generator.maxBytes()];
    JobSpec spec = TestRuns.uriCount(runDir, parser, 60_000, 1_000);
    Map<String, Long> expected = new HashMap<>();
    Map<String, Long> counts = new HashMap<>();
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      for (long seq = 0; seq < 900; seq++) {
        long t = BASE_MS * 1000 + seq * 200_000; // 180 s: three windows
        input.pipeInput(TestRuns.ascii(buf, generator.encode(seq, t, buf)));
        expected.merge(
            generator.uri(generator.uriIndex(seq)) + "," + (t / 60_000_000 * 60_000_000),
            1L,
            Long::sum);
      }
      input.pipeInput(
          TestRuns.ascii(buf, AccessLogs.encodeEndMarker(BASE_MS * 1000 + 181_000_000, buf)));
      for (String record : TestRuns.output(driver)) {
        String[] f = TestRuns.withoutOut(record).split(",");
        assertEquals(5, f.length, record);
        long windowStart = Long.parseLong(f[1]);
        long maxEvent = Long.parseLong(f[3]);
        assertTrue(windowStart <= maxEvent && maxEvent < windowStart + 60_000_000, record);
        counts.merge(f[0] + "," + windowStart, Long.parseLong(f[2]), Math::max);
      }
    }
    assertEquals(expected, counts);
  }

  @Test
  void uriCountCountsARecordLaterThanItsWindowsGraceAsDropped() {
    AccessLogs generator = new AccessLogs(3, 9);
    byte[] buf = new byte[generator.maxBytes()];
    // grace: out.of.orderness.ms + lateness.ms + job.window.skew.ms (5 s by default)
    JobSpec spec = TestRuns.uriCount(runDir, "jackson", 1_000, 0);
    long base = BASE_MS * 1000;
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      input.pipeInput(TestRuns.ascii(buf, generator.encode(0, base, buf)));
      input.pipeInput(TestRuns.ascii(buf, generator.encode(1, base + 20_000_000, buf)));
      assertEquals(0, DroppedRecords.total(driver.metrics()));
      input.pipeInput(TestRuns.ascii(buf, generator.encode(2, base + 100_000, buf)));
      assertEquals(1, DroppedRecords.total(driver.metrics()));
    }
    assertEquals(null, DroppedRecords.warning(0));
    assertTrue(DroppedRecords.warning(1_450_597).contains("dropped 1,450,597 records"));
  }

  @Test
  void ysbCountsViewsPerCampaignAndWindowInKafkaAndRedis() {
    YsbEvents generator = new YsbEvents(9, 4, 3);
    Map<String, String> redis = new ConcurrentHashMap<>();
    for (int ad = 0; ad < generator.ads(); ad++) {
      redis.put(generator.adId(ad), generator.campaignId(generator.campaignOf(ad)));
    }
    JobSpec spec =
        TestRuns.spec(
            runDir,
            "ysb",
            Map.of(
                "redis.host", "unused",
                "redis.port", "0",
                "redis.prefix", "r1:",
                "window.ms", "10000",
                "out.of.orderness.ms", "1000",
                "lateness.ms", "60000",
                "sla.ms", "1000"),
            Map.of());
    StreamsBuilder builder = new StreamsBuilder();
    YsbTopology.build(builder, spec, () -> new MapRedis(redis));
    byte[] buf = new byte[generator.maxBytes()];
    Map<String, Long> expected = new HashMap<>();
    Map<String, Long> counts = new HashMap<>();
    try (TopologyTestDriver driver = TestRuns.driver(spec, builder)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      for (long seq = 0; seq < 3000; seq++) {
        long t = BASE_MS * 1000 + seq * 10_000; // 30 s: three windows of 10 s
        input.pipeInput(TestRuns.ascii(buf, generator.encode(seq, t, buf)));
        if (generator.eventType(seq) == YsbEvents.VIEW) {
          String campaign = generator.campaignId(generator.campaignOf(generator.adIndex(seq)));
          expected.merge(campaign + "," + (t / 1000 / 10_000 * 10_000), 1L, Long::sum);
        }
      }
      for (String record : TestRuns.output(driver)) {
        String[] f = TestRuns.withoutOut(record).split(",");
        assertEquals(5, f.length, record);
        long windowStartMs = Long.parseLong(f[1]);
        long maxEventUs = Long.parseLong(f[3]);
        assertTrue(windowStartMs * 1000 <= maxEventUs, record);
        assertTrue(maxEventUs < (windowStartMs + 10_000) * 1000, record);
        assertEquals(0, maxEventUs % 1000, "event_time has millisecond resolution: " + record);
        counts.merge(f[0] + "," + windowStartMs, Long.parseLong(f[2]), Math::max);
      }
    }
    assertEquals(expected, counts);
    Map<String, Long> inRedis = new HashMap<>();
    redis.forEach(
        (key, value) -> {
          if (key.startsWith("r1:")) {
            String[] window = key.substring(3).split(":");
            inRedis.put(window[0] + "," + window[1], Long.parseLong(value.split(",")[0]));
          }
        });
    assertEquals(expected, inRedis);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void joinEmitsEverySampleOnceWithAllItsPartsWhenItsTimerFires(String store) {
    JoinParts generator = new JoinParts(13, 3, 30, 100);
    byte[] buf = new byte[generator.maxBytes()];
    JobSpec spec =
        TestRuns.spec(
            runDir,
            "join",
            Map.of("streams", "3", "timer.ms", "1000", "delay.records", "30"),
            Map.of("state.store", store));
    Map<Long, long[]> expectedT = new HashMap<>();
    Map<Long, String> joined = new HashMap<>();
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      List<TestInputTopic<String, String>> topics = new ArrayList<>();
      for (int p = 0; p < 3; p++) {
        topics.add(TestRuns.input(driver, JoinParts.topic(TestRuns.INPUT, p)));
      }
      for (long seq = 0; seq < 300; seq++) {
        long t = 1000 + seq;
        topics
            .get(generator.part(seq))
            .pipeInput(TestRuns.ascii(buf, generator.encode(seq, t, buf)));
        expectedT.merge(
            generator.sample(seq),
            new long[] {t, t},
            (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        driver.advanceWallClockTime(Duration.ofMillis(2)); // parts of a sample: within 150 ms
      }
      // 300 records in 600 ms of wall-clock time: no timer (1 s after a first part) has fired
      assertEquals(List.of(), TestRuns.output(driver));
      driver.advanceWallClockTime(Duration.ofSeconds(2));
      List<String> out = TestRuns.output(driver);
      for (String record : out) {
        String[] f = TestRuns.withoutOut(record).split(",");
        assertEquals(6, f.length, record);
        long sample = Long.parseLong(f[0]);
        assertEquals(null, joined.put(sample, record), "emitted twice: " + record);
        long[] t = expectedT.get(sample);
        assertEquals("7,300," + t[0] + "," + t[1], f[1] + "," + f[2] + "," + f[3] + "," + f[4]);
      }
    }
    assertEquals(expectedT.keySet(), joined.keySet());
  }

  /**
   * q8's end markers: each upstream task announces itself to every partition behind the
   * repartition, and sends its marker there after its last record; the windows close only once
   * every announced task's marker has arrived, so a record another upstream task sent before its
   * marker still counts. The driver runs one task on one partition, so the other upstream task's
   * records are written to the repartition topic directly.
   */
  @Test
  void nexmarkWindowsCloseOnceEveryUpstreamTaskHasSentItsEndMarker() {
    JobSpec spec =
        TestRuns.spec(runDir, "nexmark-q8", Map.of("watermark.delay.ms", "4000"), Map.of());
    long t = BASE_MS * 1000; // the start of a window
    try (TopologyTestDriver driver =
        TestRuns.driver(spec, TestRuns.nexmark(NexmarkQuery.Q8, spec))) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      TestInputTopic<String, NexmarkTopology.NewUser> otherTask =
          driver.createInputTopic(
              "run-1-q8-people-repartition",
              new StringSerializer(),
              NexmarkTopology.NewUser.SERDE.serializer());
      otherTask.pipeInput(NexmarkWindows.TASK + 1, NexmarkTopology.NewUser.NONE, BASE_MS);
      input.pipeInput("50," + t + ",0,1000,Ann Ray,a@b.c,1234,Boise,ID," + BASE_MS + ",xyz");
      input.pipeInput("-1," + (t + 20_000_000) + ",9");
      assertEquals(List.of(), TestRuns.output(driver), "the other task has not ended");
      // the other task's auction by person 1000, 2 s later in the same window, and its marker
      NexmarkTopology.NewUser auction =
          new NexmarkTopology.NewUser(
              -1, Long.MIN_VALUE, Long.MIN_VALUE, "", t + 2_000_000, Long.MIN_VALUE);
      otherTask.pipeInput("1000", auction, BASE_MS + 2000);
      otherTask.pipeInput(NexmarkWindows.END + 1, NexmarkTopology.NewUser.NONE, BASE_MS + 20_000);
      List<String> out = TestRuns.output(driver);
      assertEquals(1, out.size(), out::toString);
      assertTrue(
          out.get(0).startsWith("50," + (t + 2_000_000) + ",1000,Ann Ray," + BASE_MS + ","),
          out.get(0));
    }
  }

  /**
   * q5: each bid counts in the five hopping windows (10 s every 2 s) it falls in; each window's
   * rows are its auctions with the most bids (a tie gives two), with the auction's seq and the
   * window's latest {@code t}; the end marker closes the last windows.
   */
  @Test
  void nexmarkQ5EmitsTheAuctionsWithTheMostBidsOfEachHoppingWindowOnce() {
    JobSpec spec =
        TestRuns.spec(runDir, "nexmark-q5", Map.of("watermark.delay.ms", "4000"), Map.of());
    long[][] bids = { // seq, auction, dateTime offset (ms)
      {2, 1000, 1000}, {3, 1000, 3000}, {4, 1001, 3500}, {5, 1001, 9000}
    };
    List<String> rows = new ArrayList<>();
    try (TopologyTestDriver driver =
        TestRuns.driver(spec, TestRuns.nexmark(NexmarkQuery.Q5, spec))) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      for (long[] b : bids) {
        long dateTime = BASE_MS + b[2];
        input.pipeInput(
            b[0] + "," + dateTime * 1000 + ",2," + b[1] + ",1000,100," + dateTime + ",xyz");
      }
      input.pipeInput("-1," + (BASE_MS + 30_000) * 1000 + ",9");
      for (String record : TestRuns.output(driver)) {
        String row = TestRuns.withoutOut(record);
        rows.add(row.substring(0, row.lastIndexOf(','))); // without in
      }
    }
    long t1 = (BASE_MS + 1000) * 1000; // each window's latest bid
    long t3 = (BASE_MS + 3500) * 1000;
    long t9 = (BASE_MS + 9000) * 1000;
    List<String> expected =
        List.of(
            "1," + t1 + ",1000,1," + (BASE_MS - 8000),
            "1," + t3 + ",1000,2," + (BASE_MS - 6000),
            "1," + t3 + ",1000,2," + (BASE_MS - 4000),
            "1," + t3 + ",1000,2," + (BASE_MS - 2000),
            "1," + t9 + ",1000,2," + BASE_MS,
            "2," + t9 + ",1001,2," + BASE_MS,
            "2," + t9 + ",1001,2," + (BASE_MS + 2000),
            "2," + t9 + ",1001,1," + (BASE_MS + 4000),
            "2," + t9 + ",1001,1," + (BASE_MS + 6000),
            "2," + t9 + ",1001,1," + (BASE_MS + 8000));
    assertEquals(Set.copyOf(expected), Set.copyOf(rows));
    assertEquals(expected.size(), rows.size(), rows::toString);
  }

  /**
   * Through the method both lines have; every method of the partitioner answers from the same
   * {@code partitionsOf} (StreamsLine.KeyPartitioner).
   */
  @Test
  @SuppressWarnings({"removal", "deprecation"})
  void nexmarkControlRecordsGoToEveryPartition() {
    StreamPartitioner<String, String> partitioner = NexmarkWindows.controlToEveryPartition();
    assertEquals(
        Optional.of(Set.of(0, 1, 2)), partitioner.partitions("t", NexmarkWindows.END + 1, "", 3));
    assertEquals(
        Optional.of(Set.of(0, 1, 2)), partitioner.partitions("t", NexmarkWindows.TASK + 0, "", 3));
    assertEquals(Optional.empty(), partitioner.partitions("t", "1000", "", 3));
  }

  /**
   * Redis as a map: {@code GET} of plain keys, hashes stored as {@code seen_count,time_updated}.
   */
  private record MapRedis(Map<String, String> map) implements YsbTopology.Redis {
    @Override
    public String get(String key) {
      return map.get(key);
    }

    @Override
    public void hset(String key, Map<String, String> fields) {
      map.put(key, fields.get("seen_count") + "," + fields.get("time_updated"));
    }

    @Override
    public void close() {}
  }
}
