package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.CampaignCache;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.WindowStats;
import org.streambench.api.workload.YsbEvents;
import org.streambench.api.workload.YsbRedis;
import redis.clients.jedis.Jedis;

/**
 * ysb, the Yahoo Streaming Benchmark: parse the JSON ad event (in the Kafka deserializer, so that
 * every partition gets its own event-time watermark, bounded out-of-orderness {@code
 * out.of.orderness.ms}), keep views, look the ad's campaign up in Redis (cached per subtask), count
 * views per campaign in event-time tumbling windows of {@code window.ms} with allowed lateness
 * {@code lateness.ms}, and publish each window's count when it closes and at most every {@code
 * sla.ms} while it changes ({@link SlaTrigger}): to Redis ({@link RedisWindowSink}) and to Kafka as
 * {@code campaign,windowStartMs,count,maxEventUs,maxInUs}.
 */
final class YsbJob {
  private static final ObjectMapper JSON = new ObjectMapper();

  private YsbJob() {}

  /** The fields of an ad event the job uses, and its entry stamp. */
  public record AdEvent(String adId, String eventType, long eventTimeMs, long in) {
    static AdEvent parse(byte[] json, long in) throws IOException {
      JsonNode event = JSON.readTree(json);
      return new AdEvent(
          event.get("ad_id").asText(),
          event.get("event_type").asText(),
          Long.parseLong(event.get("event_time").asText()),
          in);
    }
  }

  /** A view projected to its campaign. */
  public record View(String campaignId, long eventMicros, long inMicros)
      implements WindowAggregate.Timed {}

  /** One update of a campaign's window. */
  public record CampaignWindow(
      String campaignId, long windowStartMs, long count, long maxEventUs, long maxInUs) {
    @Override
    public String toString() {
      return WindowStats.line(campaignId, windowStartMs, count, maxEventUs, maxInUs);
    }
  }

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    DataStream<AdEvent> events =
        KafkaIo.read(
            env, spec, TypeInformation.of(AdEvent.class), AdEvent::parse, eventTime(params));
    KafkaIo.write(
        campaignWindows(events, params).map(CampaignWindow::toString).name("format"), spec);
  }

  /**
   * Event time as the Kafka source assigns it: the event's {@code event_time}, a watermark {@code
   * out.of.orderness.ms} behind the newest.
   */
  static WatermarkStrategy<AdEvent> eventTime(WorkloadParams params) {
    return KafkaIo.eventTime(
        Duration.ofMillis(EventTimeWindowing.of(params).outOfOrdernessMs()),
        (event, kafkaTime) -> event.eventTimeMs());
  }

  /**
   * The job between its Kafka ends: views of {@code events} (parsed, with event time), joined to
   * their campaigns in the Redis the parameters name, counted per campaign and window, each update
   * written to that Redis; returns the updates for the Kafka sink.
   */
  static DataStream<CampaignWindow> campaignWindows(
      DataStream<AdEvent> events, WorkloadParams params) {
    YsbRedis redis = YsbRedis.of(params);
    EventTimeWindowing windowing = EventTimeWindowing.of(params);
    DataStream<View> views =
        events
            .filter(event -> YsbEvents.isView(event.eventType()))
            .name("views")
            .map(new CampaignLookup(redis))
            .name("campaign-lookup");
    DataStream<CampaignWindow> windows =
        countPerCampaign(
            views,
            Duration.ofMillis(windowing.windowMs()),
            Duration.ofMillis(windowing.latenessMs()),
            Duration.ofMillis(params.longValue("sla.ms")));
    windows.sinkTo(new RedisWindowSink(redis)).name("redis");
    return windows;
  }

  static DataStream<CampaignWindow> countPerCampaign(
      DataStream<View> views, Duration window, Duration lateness, Duration sla) {
    return views
        .keyBy(View::campaignId)
        .window(TumblingEventTimeWindows.of(window))
        .allowedLateness(lateness)
        .trigger(new SlaTrigger(sla))
        .aggregate(new WindowAggregate<>(), new ToCampaignWindow())
        .name("campaign-windows");
  }

  /** ad_id → campaign_id from Redis ({@code GET <ad_id>}), cached: the map never changes. */
  static final class CampaignLookup extends RichMapFunction<AdEvent, View> {
    private final YsbRedis redis;
    private transient Jedis jedis;
    private transient CampaignCache campaigns;

    CampaignLookup(YsbRedis redis) {
      this.redis = redis;
    }

    @Override
    public void open(OpenContext context) {
      jedis = new Jedis(redis.host(), redis.port());
      campaigns = new CampaignCache(jedis::get);
    }

    @Override
    public View map(AdEvent event) {
      return new View(campaigns.campaignOf(event.adId()), event.eventTimeMs() * 1000, event.in());
    }

    @Override
    public void close() {
      if (jedis != null) {
        jedis.close();
      }
    }
  }

  static final class ToCampaignWindow
      extends ProcessWindowFunction<WindowStats, CampaignWindow, String, TimeWindow> {
    @Override
    public void process(
        String campaign, Context ctx, Iterable<WindowStats> stats, Collector<CampaignWindow> out) {
      WindowStats s = stats.iterator().next();
      out.collect(
          new CampaignWindow(
              campaign,
              ctx.window().getStart(),
              s.getCount(),
              s.getMaxEventMicros(),
              s.getMaxInMicros()));
    }
  }
}
