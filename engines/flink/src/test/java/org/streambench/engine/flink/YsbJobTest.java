package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.YsbEvents;

/** The window and trigger logic of ysb; the Redis lookup and sink are not exercised here. */
class YsbJobTest {
  private static final WatermarkStrategy<YsbJob.View> EVENT_TIME =
      WatermarkStrategy.<YsbJob.View>forBoundedOutOfOrderness(Duration.ofSeconds(1))
          .withTimestampAssigner((view, ts) -> view.eventMicros() / 1000);

  @Test
  void parsesTheFieldsItUses() throws Exception {
    YsbEvents generator = new YsbEvents(9, 4, 3);
    byte[] buf = new byte[generator.maxBytes()];
    for (long seq = 0; seq < 20; seq++) {
      int len = generator.encode(seq, 1_700_000_000_123_456L + seq * 1000, buf);
      YsbJob.AdEvent event = YsbJob.AdEvent.parse(Arrays.copyOf(buf, len), 42);
      assertEquals(generator.adId(generator.adIndex(seq)), event.adId());
      assertEquals(YsbEvents.EVENT_TYPES[generator.eventType(seq)], event.eventType());
      assertEquals(1_700_000_000_123L + seq, event.eventTimeMs());
      assertEquals(42, event.in());
    }
  }

  @Test
  void countsViewsPerCampaignAndWindow() throws Exception {
    List<YsbJob.View> views = new ArrayList<>();
    Map<String, Long> expected = new HashMap<>();
    for (int i = 0; i < 3000; i++) {
      long eventMs = 1_000_000 + i * 10L; // 30 s: windows 1000000, 1010000, 1020000
      String campaign = "c" + i % 3;
      views.add(new YsbJob.View(campaign, eventMs * 1000, 7_000_000 + i));
      expected.merge(campaign + "," + (eventMs / 10_000 * 10_000), 1L, Long::sum);
    }
    StreamExecutionEnvironment env = LocalFlink.env();
    DataStream<YsbJob.View> events = env.fromData(views).assignTimestampsAndWatermarks(EVENT_TIME);

    List<YsbJob.CampaignWindow> out =
        LocalFlink.collect(
            YsbJob.countPerCampaign(
                events, Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofHours(1)));

    Map<String, Long> counts = new HashMap<>();
    for (YsbJob.CampaignWindow w : out) {
      assertEquals(
          null, counts.put(w.campaignId() + "," + w.windowStartMs(), w.count()), "fired twice");
      assertTrue(w.maxEventUs() < (w.windowStartMs() + 10_000) * 1000);
      assertTrue(w.maxEventUs() >= (w.windowStartMs() + 9_970) * 1000);
    }
    assertEquals(expected, counts);
  }

  @Test
  void updatesAnOpenWindowEverySlaWithItsFullCount() throws Exception {
    // 250 views of two campaigns over about 2.5 s, all in the window [0, 10 s) of event time, which
    // only closes when the input ends: before that, only the SLA trigger fires.
    DataGeneratorSource<YsbJob.View> source =
        new DataGeneratorSource<>(
            i -> new YsbJob.View("c" + i % 2, (1000 + i) * 1000, i),
            250,
            RateLimiterStrategy.perSecond(100),
            TypeInformation.of(YsbJob.View.class));
    DataStream<YsbJob.View> events =
        LocalFlink.env().fromSource(source, EVENT_TIME, "views").setParallelism(1);

    List<YsbJob.CampaignWindow> out =
        LocalFlink.collect(
            YsbJob.countPerCampaign(
                events, Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofMillis(300)));

    for (String campaign : List.of("c0", "c1")) {
      List<Long> counts =
          out.stream().filter(w -> w.campaignId().equals(campaign)).map(w -> w.count()).toList();
      assertTrue(counts.size() >= 4 && counts.size() <= 14, campaign + ": " + counts);
      for (int i = 1; i < counts.size(); i++) {
        assertTrue(counts.get(i) >= counts.get(i - 1), campaign + ": " + counts);
      }
      assertEquals(125L, counts.get(counts.size() - 1), campaign + ": " + counts);
    }
  }
}
