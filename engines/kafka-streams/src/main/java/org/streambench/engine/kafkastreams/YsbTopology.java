package org.streambench.engine.kafkastreams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.CampaignCache;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.RedisWindowWrites;
import org.streambench.api.workload.WindowStats;
import org.streambench.api.workload.YsbEvents;
import org.streambench.api.workload.YsbRedis;
import redis.clients.jedis.Jedis;

/**
 * ysb, the Yahoo Streaming Benchmark: a processor parses the JSON ad event (stamping {@code in}),
 * keeps views, looks the ad's campaign up in Redis ({@code GET <ad_id>}, cached per task) and
 * forwards (campaign, {@code eventUs,inUs}) at the event's time; the views are repartitioned by
 * campaign and counted in event-time tumbling windows of {@code window.ms} with grace {@code
 * out.of.orderness.ms + lateness.ms} (+ {@code job.window.skew.ms}, see {@link
 * StreamsSettings#grace}). Window updates leave the record cache at every commit, which the engine
 * makes at most every {@code sla.ms} (YSB's own Kafka Streams port relies on the same
 * cache-and-commit cadence), and each update is written to Redis ({@link RedisWindowWrites}, when
 * the count changed) and then to Kafka as {@code campaign,windowStartMs,count,maxEventUs,maxInUs}.
 */
final class YsbTopology {
  private static final ObjectMapper JSON = new ObjectMapper();

  private YsbTopology() {}

  /** The two Redis commands the job uses; Jedis in a run, a map in tests. */
  interface Redis extends RedisWindowWrites.Hset, AutoCloseable {
    String get(String key);

    @Override
    void close();
  }

  static void build(StreamsBuilder builder, JobSpec spec) {
    YsbRedis redis = YsbRedis.of(new WorkloadParams(spec));
    build(builder, spec, () -> jedis(redis.host(), redis.port()));
  }

  /** A Redis client over one Jedis connection (each processor instance opens its own). */
  static Redis jedis(String host, int port) {
    Jedis jedis = new Jedis(host, port);
    return new Redis() {
      @Override
      public String get(String key) {
        return jedis.get(key);
      }

      @Override
      public void hset(String key, Map<String, String> fields) {
        jedis.hset(key, fields);
      }

      @Override
      public void close() {
        jedis.close();
      }
    };
  }

  static void build(StreamsBuilder builder, JobSpec spec, Supplier<Redis> redis) {
    WorkloadParams params = new WorkloadParams(spec);
    String prefix = params.string("redis.prefix");
    KafkaIo.write(
        UriCountTopology.count(
                KafkaIo.read(builder, List.of(spec.inputTopic()))
                    .process(() -> new CampaignViews(redis)),
                Duration.ofMillis(EventTimeWindowing.of(params).windowMs()),
                StreamsSettings.grace(spec),
                "campaign")
            .process(() -> new RedisWindowWriter(redis, prefix)),
        spec);
  }

  /** The commit interval a ysb run needs: its configured one, at most {@code sla.ms}. */
  static long commitIntervalMs(JobSpec spec, long configured) {
    return Math.min(configured, new WorkloadParams(spec).longValue("sla.ms"));
  }

  /** Parse, filter views, project (ad, event time), join the campaign from Redis. */
  static final class CampaignViews implements Processor<String, String, String, String> {
    private final Supplier<Redis> redis;
    private ProcessorContext<String, String> context;
    private Redis jedis;
    private CampaignCache campaigns;

    CampaignViews(Supplier<Redis> redis) {
      this.redis = redis;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.jedis = redis.get();
      this.campaigns = new CampaignCache(jedis::get);
    }

    @Override
    public void process(Record<String, String> record) {
      long in = EpochMicros.now();
      JsonNode event;
      try {
        event = JSON.readTree(record.value());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (!YsbEvents.isView(event.get("event_type").asText())) {
        return;
      }
      String campaign = campaigns.campaignOf(event.get("ad_id").asText());
      long eventMs = Long.parseLong(event.get("event_time").asText());
      context.forward(new Record<>(campaign, eventMs * 1000 + "," + in, eventMs));
    }

    @Override
    public void close() {
      if (jedis != null) {
        jedis.close();
      }
    }
  }

  /**
   * Writes {@code campaign,windowStartUs,count,maxEventUs,maxInUs} updates to Redis when the count
   * changed, and forwards them as {@code campaign,windowStartMs,count,maxEventUs,maxInUs}.
   */
  static final class RedisWindowWriter implements Processor<String, String, String, String> {
    private final Supplier<Redis> redis;
    private final String prefix;
    private ProcessorContext<String, String> context;
    private Redis jedis;
    private RedisWindowWrites writes;

    RedisWindowWriter(Supplier<Redis> redis, String prefix) {
      this.redis = redis;
      this.prefix = prefix;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.jedis = redis.get();
      this.writes = RedisWindowWrites.changedCountsOnly(prefix, jedis);
    }

    @Override
    public void process(Record<String, String> record) {
      String w = record.value();
      String campaign = Csv.field(w, 0);
      long windowStartMs = Csv.longField(w, 1) / 1000;
      long count = Csv.longField(w, 2);
      writes.write(campaign, windowStartMs, count);
      context.forward(
          record.withValue(
              WindowStats.line(
                  campaign, windowStartMs, count, Csv.longField(w, 3), Csv.longField(w, 4))));
    }

    @Override
    public void close() {
      if (jedis != null) {
        jedis.close();
      }
    }
  }
}
