package org.streambench.harness.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.YsbEvents;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.verifier.KeyedCountVerifier;
import org.streambench.verifier.workload.YsbCheck;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/** ysb: the Yahoo Streaming Benchmark, ad views counted per campaign in 10 s windows in Redis. */
final class YsbWorkload implements Workload {
  @Override
  public String name() {
    return "ysb";
  }

  @Override
  public String description() {
    return "Yahoo Streaming Benchmark: filter, Redis join, 10 s event-time windows into Redis";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of(
        "campaigns", "100",
        "ads.per.campaign", "10",
        "window.ms", "10000",
        "lateness.ms", "60000",
        "sla.ms", "1000",
        "out.of.orderness.ms", "1000");
  }

  @Override
  public void validate(Params params) {
    params.positiveInt("campaigns");
    params.positiveInt("ads.per.campaign");
    params.positiveInt("window.ms");
    params.positiveInt("sla.ms");
  }

  @Override
  public boolean needsRedis() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new Run(
        new YsbCheck(
            new YsbEvents(
                seed, params.positiveInt("campaigns"), params.positiveInt("ads.per.campaign")),
            params.positiveInt("window.ms"),
            guarantee));
  }

  /**
   * The run's Redis: YSB's ad → campaign map set up before the engine starts, and after the run the
   * window counts the job wrote there, checked against the counts {@link YsbCheck} expects.
   */
  private static final class Run extends WorkloadRun {
    private final YsbCheck check;

    Run(YsbCheck check) {
      super(check);
      this.check = check;
    }

    static String prefix(String runId) {
      return "sb:" + runId + ":";
    }

    /** YSB's setup: every ad id mapped to its campaign id in Redis. */
    @Override
    public Map<String, String> setUp(RunServices services) {
      try (Jedis j = services.redis().client()) {
        Pipeline p = j.pipelined();
        YsbEvents events = check.events();
        for (int ad = 0; ad < events.ads(); ad++) {
          p.set(events.adId(ad), events.campaignId(events.campaignOf(ad)));
        }
        p.sync();
      }
      return Map.of(
          "redis.host", services.redis().host(),
          "redis.port", Integer.toString(services.redis().port()),
          "redis.prefix", prefix(services.runId()));
    }

    /**
     * Reads every expected window's hash from Redis: its final {@code seen_count} is checked like
     * the output, and its {@code time_updated} gives YSB's window latency ({@link
     * YsbWindowLatency}).
     */
    @Override
    public ExternalCheck checkExternal(RunServices services, SteadyWindow steady) {
      String prefix = prefix(services.runId());
      KeyedCountVerifier redisCounts = new KeyedCountVerifier();
      YsbWindowLatency latency = new YsbWindowLatency(check.windowMs(), steady);
      List<String> keys = List.copyOf(check.expectedByWindow().keySet());
      try (Jedis j = services.redis().client()) {
        Pipeline p = j.pipelined();
        Map<String, Response<List<String>>> replies = new LinkedHashMap<>();
        for (String key : keys) {
          String redisKey = prefix + key.replace('@', ':');
          replies.put(key, p.hmget(redisKey, "seen_count", "time_updated"));
        }
        p.sync();
        for (Map.Entry<String, Response<List<String>>> e : replies.entrySet()) {
          List<String> v = e.getValue().get();
          if (v.get(0) == null || v.get(1) == null) {
            continue;
          }
          redisCounts.observe(e.getKey(), Long.parseLong(v.get(0)));
          long windowStart = Long.parseLong(e.getKey().substring(e.getKey().indexOf('@') + 1));
          latency.observe(windowStart, Long.parseLong(v.get(1)));
        }
      }
      return new ExternalCheck(
          redisCounts.verdict(check.expectedByWindow(), check.guarantee(), "windows"),
          latency.results());
    }
  }
}
