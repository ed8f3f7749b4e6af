package org.streambench.engine.storm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.CampaignCache;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.RedisWindowWrites;
import org.streambench.api.workload.YsbEvents;
import org.streambench.api.workload.YsbRedis;
import redis.clients.jedis.Jedis;

/**
 * ysb, the Yahoo Streaming Benchmark, as its original Storm implementation does it: KafkaSpout →
 * views bolt → campaign windows bolt → KafkaBolt. The views bolt ({@code localOrShuffleGrouping})
 * does what the original's deserialize, filter, projection and Redis-join bolts did one after
 * another: parse the JSON ad event, keep views, and look the ad's campaign up in Redis ({@code GET
 * <ad_id>}, cached per task). {@code fieldsGrouping("campaign")} sends a campaign's views to one
 * task of the windows bolt, which keeps, as the original's CampaignProcessor did, a hand-kept map
 * of time buckets per campaign: event-time tumbling windows of {@code window.ms} ({@link
 * EventTimeWindows}, watermark from {@link EventClock} with out-of-orderness {@code
 * out.of.orderness.ms}, allowed lateness {@code lateness.ms}). A window that changed is written at
 * least every {@code sla.ms} and when it closes, to Redis ({@link RedisWindowWrites}) and as one
 * Kafka output {@code campaign,windowStartMs,count,maxEventUs,maxInUs}. The periodic flush runs on
 * tick tuples (Storm's finest tick is 1 s, so the tick comes every {@code max(1, sla.ms / 1000)} s)
 * and, while views arrive, on the first view after {@code sla.ms} since the last flush, so
 * sub-second service levels hold under load. Views are acked once counted (state is hand-kept, not
 * fault tolerant).
 */
final class YsbTopology {
  private YsbTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    YsbRedis redis = YsbRedis.of(params);
    long slaMs = params.longValue("sla.ms");
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addLineSpout(builder, spec);
    builder
        .setBolt("views", new Views(redis), StormSettings.executors(spec, "bolt"))
        .localOrShuffleGrouping(KafkaIo.SPOUT);
    builder
        .setBolt(
            "campaign-windows",
            new CampaignWindows(redis, EventTimeWindowing.of(params), slaMs),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping("views", new Fields("campaign"))
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, Math.max(1, slaMs / 1000));
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("campaign-windows");
    return builder.createTopology();
  }

  /** Parse, filter views, project (ad, event time) and join the campaign from Redis. */
  static final class Views extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final YsbRedis redis;
    private transient Jedis jedis;
    private transient CampaignCache campaigns;

    Views(YsbRedis redis) {
      this.redis = redis;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      jedis = new Jedis(redis.host(), redis.port());
      campaigns = new CampaignCache(jedis::get);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      JsonNode event;
      try {
        event = JSON.readTree(input.getString(0));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (!YsbEvents.isView(event.get("event_type").asText())) {
        return;
      }
      collector.emit(
          new Values(
              campaigns.campaignOf(event.get("ad_id").asText()),
              Long.parseLong(event.get("event_time").asText()),
              input.getLong(1)));
    }

    @Override
    public void cleanup() {
      if (jedis != null) {
        jedis.close();
      }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
      declarer.declare(new Fields("campaign", "eventMs", "in"));
    }
  }

  /** Counts views per campaign and window; flushes changed windows to Redis and Kafka. */
  static final class CampaignWindows extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final YsbRedis redis;
    private final EventTimeWindowing windowing;
    private final long slaMs;
    private transient Jedis jedis;
    private transient RedisWindowWrites writes;
    private transient EventTimeWindows windows;
    private transient EventClock clock;
    private transient long lastFlushMs;

    CampaignWindows(YsbRedis redis, EventTimeWindowing windowing, long slaMs) {
      this.redis = redis;
      this.windowing = windowing;
      this.slaMs = slaMs;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      jedis = new Jedis(redis.host(), redis.port());
      writes = RedisWindowWrites.everyUpdate(redis.prefix(), jedis::hset);
      windows = new EventTimeWindows(windowing.windowMs(), windowing.latenessMs());
      clock = new EventClock(windowing.outOfOrdernessMs(), StormEngine.IDLE_SOURCE_MS);
      lastFlushMs = System.currentTimeMillis();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      long now = System.currentTimeMillis();
      EventTimeWindows.Firing firing =
          (campaign, start, w) -> publish(campaign, start, w, collector);
      if (!TupleUtils.isTick(input)) {
        long eventMs = input.getLong(1);
        clock.observe(input.getSourceTask(), eventMs, now);
        windows.add(
            input.getString(0),
            eventMs,
            eventMs * 1000,
            input.getLong(2),
            clock.watermark(now),
            firing);
      }
      windows.advance(clock.watermark(now), firing);
      if (TupleUtils.isTick(input) || now - lastFlushMs >= slaMs) {
        lastFlushMs = now;
        windows.fireChanged(firing);
      }
    }

    private void publish(
        String campaign, long startMs, EventTimeWindows.Window w, BasicOutputCollector collector) {
      writes.write(campaign, startMs, w.getCount());
      collector.emit(new Values(w.line(campaign, startMs)));
    }

    @Override
    public void cleanup() {
      if (jedis != null) {
        jedis.close();
      }
    }
  }
}
