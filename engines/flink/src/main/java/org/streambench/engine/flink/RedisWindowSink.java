package org.streambench.engine.flink;

import java.util.Map;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import redis.clients.jedis.Jedis;

/**
 * ysb's Redis output: every window update becomes {@code HSET <prefix><campaign>:<windowStartMs>
 * seen_count <n> time_updated <epoch ms>}, written synchronously so {@code time_updated} is when
 * the count became visible. Updates carry the full count, so a replayed update is harmless. An
 * update whose count did not change (the window-end firing after an SLA firing carried everything)
 * is not written: YSB's latency is the time of the update that made the final count visible.
 */
final class RedisWindowSink implements Sink<YsbJob.CampaignWindow> {
  private final String host;
  private final int port;
  private final String prefix;

  RedisWindowSink(String host, int port, String prefix) {
    this.host = host;
    this.port = port;
    this.prefix = prefix;
  }

  @Override
  public SinkWriter<YsbJob.CampaignWindow> createWriter(WriterInitContext context) {
    return new Writer(new Jedis(host, port), prefix);
  }

  private static final class Writer implements SinkWriter<YsbJob.CampaignWindow> {
    private static final int REMEMBERED_WINDOWS = 100_000;

    private final Jedis jedis;
    private final String prefix;
    private final Map<String, Long> written =
        new java.util.LinkedHashMap<>() {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED_WINDOWS;
          }
        };

    Writer(Jedis jedis, String prefix) {
      this.jedis = jedis;
      this.prefix = prefix;
    }

    @Override
    public void write(YsbJob.CampaignWindow w, Context context) {
      String key = prefix + w.campaignId() + ":" + w.windowStartMs();
      Long before = written.put(key, w.count());
      if (before != null && before == w.count()) {
        return;
      }
      jedis.hset(
          key,
          Map.of(
              "seen_count",
              Long.toString(w.count()),
              "time_updated",
              Long.toString(System.currentTimeMillis())));
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
