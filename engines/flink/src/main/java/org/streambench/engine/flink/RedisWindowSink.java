package org.streambench.engine.flink;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.streambench.api.workload.RedisWindowWrites;
import org.streambench.api.workload.YsbRedis;
import redis.clients.jedis.Jedis;

/**
 * ysb's Redis output: every window update is written synchronously as {@link RedisWindowWrites}
 * says, so {@code time_updated} is when the count became visible; an update whose count did not
 * change (the window-end firing after an SLA firing carried everything) is not written.
 */
final class RedisWindowSink extends FlinkLine.ContextFreeSink<YsbJob.CampaignWindow> {
  private final YsbRedis redis;

  RedisWindowSink(YsbRedis redis) {
    this.redis = redis;
  }

  @Override
  protected SinkWriter<YsbJob.CampaignWindow> newWriter() {
    return new Writer(new Jedis(redis.host(), redis.port()), redis.prefix());
  }

  private static final class Writer implements SinkWriter<YsbJob.CampaignWindow> {
    private final Jedis jedis;
    private final RedisWindowWrites writes;

    Writer(Jedis jedis, String prefix) {
      this.jedis = jedis;
      this.writes = RedisWindowWrites.changedCountsOnly(prefix, jedis::hset);
    }

    @Override
    public void write(YsbJob.CampaignWindow w, Context context) {
      writes.write(w.campaignId(), w.windowStartMs(), w.count());
    }

    @Override
    public void flush(boolean endOfInput) {
      // every write is already acknowledged by Redis
    }

    @Override
    public void close() {
      jedis.close();
    }
  }
}
