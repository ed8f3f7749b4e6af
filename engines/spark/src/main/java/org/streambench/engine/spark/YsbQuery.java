package org.streambench.engine.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.ForeachWriter;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.CampaignCache;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.RedisWindowWrites;
import org.streambench.api.workload.WindowStats;
import org.streambench.api.workload.YsbEvents;
import org.streambench.api.workload.YsbRedis;
import redis.clients.jedis.Jedis;

/**
 * ysb, the Yahoo Streaming Benchmark: a typed {@code flatMap} parses the JSON ad event, keeps views
 * and looks the ad's campaign up in Redis (cached per JVM: the map never changes); {@link
 * EventTime#countPerWindow} counts views per campaign in event-time tumbling windows of {@code
 * window.ms}, watermark delay {@code out.of.orderness.ms + lateness.ms}, in update output mode.
 *
 * <p>YSB's SLA (a window's count is never older than {@code sla.ms}) is bounded by the micro-batch:
 * every batch emits each window it changed, so a count is at most one trigger interval plus one
 * batch old; keep {@code trigger.interval} at or below {@code sla.ms}.
 *
 * <p>A streaming query has one sink, and ysb writes two outputs, so the sink is Spark's {@code
 * foreach} sink ({@link RedisAndKafka}): per updated window it writes Redis synchronously ({@link
 * RedisWindowWrites}) and sends {@code campaign,windowStartMs,count,maxEventUs,maxInUs,out} to
 * Kafka with its own producer, flushed before the task (and so the batch) completes: at-least-once,
 * like Spark's Kafka sink.
 */
final class YsbQuery {
  private static final ObjectMapper JSON = new ObjectMapper();

  private YsbQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return start(KafkaIo.read(spark, spec), spec);
  }

  /**
   * The query from its input on: {@code records} are {@code value,in} strings, as the Kafka source
   * reads them; the Redis it joins with and writes to is the one the parameters name.
   */
  static StreamingQuery start(Dataset<String> records, JobSpec spec) throws TimeoutException {
    WorkloadParams params = new WorkloadParams(spec);
    YsbRedis redis = YsbRedis.of(params);
    EventTimeWindowing windowing = EventTimeWindowing.of(params);
    long slaMs = params.longValue("sla.ms");
    if (!Triggers.continuous(spec) && Triggers.intervalMillis(spec) > slaMs) {
      System.err.println(
          "streambench: trigger.interval "
              + Triggers.intervalMillis(spec)
              + " ms exceeds sla.ms "
              + slaMs
              + ": window counts will be older than the SLA");
    }
    return SparkEngine.configure(
            EventTime.countPerWindow(
                    records.flatMap(
                        new ViewsToCampaigns(redis), Encoders.bean(EventTime.Timed.class)),
                    windowing.windowMs(),
                    windowing.delayMs())
                .writeStream()
                .foreach(
                    new RedisAndKafka(
                        redis,
                        spec.bootstrapServers(),
                        spec.outputTopic(),
                        KafkaClientSettings.producer(spec))),
            spec,
            "update")
        .start();
  }

  /** {@code json,in} → the view keyed by its campaign, or nothing for clicks and purchases. */
  static final class ViewsToCampaigns implements FlatMapFunction<String, EventTime.Timed> {
    /** ad_id → campaign_id per Redis server, shared by the tasks of this (local) JVM. */
    private static final Map<String, CampaignCache> CAMPAIGNS = new ConcurrentHashMap<>();

    private final YsbRedis redis;
    private transient CampaignCache campaigns;

    ViewsToCampaigns(YsbRedis redis) {
      this.redis = redis;
    }

    @Override
    public Iterator<EventTime.Timed> call(String stamped) throws Exception {
      JsonNode event = JSON.readTree(IdentityRecords.withoutLastStamp(stamped));
      if (!YsbEvents.isView(event.get("event_type").asText())) {
        return Collections.emptyIterator();
      }
      if (campaigns == null) {
        campaigns =
            CAMPAIGNS.computeIfAbsent(
                redis.host() + ":" + redis.port(), server -> new CampaignCache(this::get));
      }
      return Collections.singletonList(
              EventTime.Timed.of(
                  campaigns.campaignOf(event.get("ad_id").asText()),
                  Long.parseLong(event.get("event_time").asText()) * 1000,
                  IdentityRecords.lastStamp(stamped)))
          .iterator();
    }

    /** {@code GET <ad_id>} on a connection of its own: looked up once per ad and JVM. */
    private String get(String ad) {
      try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
        return jedis.get(ad);
      }
    }
  }

  /** The foreach sink: every updated window to Redis and to Kafka. */
  static final class RedisAndKafka extends ForeachWriter<Row> {
    /** One producer per JVM, as Spark's Kafka sink caches its producers. */
    private static Producer<byte[], byte[]> producer;

    private final YsbRedis redis;
    private final String bootstrapServers;
    private final String topic;
    private final Map<String, String> producerProps;
    private transient Jedis jedis;
    private transient RedisWindowWrites writes;
    private transient AtomicReference<Exception> sendFailure;

    RedisAndKafka(
        YsbRedis redis, String bootstrapServers, String topic, Map<String, String> producerProps) {
      this.redis = redis;
      this.bootstrapServers = bootstrapServers;
      this.topic = topic;
      this.producerProps = producerProps;
    }

    private static synchronized Producer<byte[], byte[]> producer(
        String bootstrapServers, Map<String, String> props) {
      if (producer == null) {
        producer = KafkaIo.producer(bootstrapServers, props);
      }
      return producer;
    }

    /**
     * Sends this JVM's window updates through {@code p} from now on (a test's {@code MockProducer},
     * in place of the broker); null: a producer of its own again.
     */
    static synchronized void useProducer(Producer<byte[], byte[]> p) {
      producer = p;
    }

    @Override
    public boolean open(long partitionId, long epochId) {
      jedis = new Jedis(redis.host(), redis.port());
      writes = RedisWindowWrites.everyUpdate(redis.prefix(), jedis::hset);
      sendFailure = new AtomicReference<>();
      return true;
    }

    @Override
    public void process(Row r) {
      String campaign = r.getString(0);
      long windowStartMs = r.getTimestamp(1).getTime();
      long count = r.getLong(2);
      writes.write(campaign, windowStartMs, count);
      String value =
          KafkaIo.stampOut(
              WindowStats.line(campaign, windowStartMs, count, r.getLong(3), r.getLong(4)));
      producer(bootstrapServers, producerProps)
          .send(
              new ProducerRecord<>(topic, value.getBytes(StandardCharsets.US_ASCII)),
              (meta, e) -> {
                if (e != null) {
                  sendFailure.compareAndSet(null, e);
                }
              });
    }

    @Override
    public void close(Throwable error) {
      try {
        if (jedis != null) {
          jedis.close();
        }
        if (error == null) {
          producer(bootstrapServers, producerProps).flush();
          Exception failed = sendFailure.get();
          if (failed != null) {
            throw new IllegalStateException("writing a window update to Kafka failed", failed);
          }
        }
      } finally {
        jedis = null;
      }
    }
  }
}
