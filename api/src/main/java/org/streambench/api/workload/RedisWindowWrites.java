package org.streambench.api.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ysb's Redis output, as YSB writes it: every window update becomes {@code HSET
 * <prefix><campaign>:<windowStartMs> seen_count <n> time_updated <epoch ms>}, with {@code
 * time_updated} taken as the update is written. The engines make the call with their own client
 * ({@link Hset}); an update carries the window's full count, so a replayed one is harmless.
 */
public final class RedisWindowWrites {
  /** How many windows {@link #changedCountsOnly} remembers the last written count of. */
  static final int REMEMBERED_WINDOWS = 100_000;

  /** One {@code HSET key field value [field value ...]}. */
  @FunctionalInterface
  public interface Hset {
    void hset(String key, Map<String, String> fields);
  }

  private final String prefix;
  private final Hset redis;
  private final Map<String, Long> written;

  private RedisWindowWrites(String prefix, Hset redis, Map<String, Long> written) {
    this.prefix = prefix;
    this.redis = redis;
    this.written = written;
  }

  /** Writes every update it is given. */
  public static RedisWindowWrites everyUpdate(String prefix, Hset redis) {
    return new RedisWindowWrites(prefix, redis, null);
  }

  /**
   * Skips an update whose count is the one last written for its window (a window-end firing after
   * an SLA firing that carried everything): YSB's latency is the time of the update that made the
   * final count visible. Remembers the most recent {@value #REMEMBERED_WINDOWS} windows.
   */
  public static RedisWindowWrites changedCountsOnly(String prefix, Hset redis) {
    return new RedisWindowWrites(
        prefix,
        redis,
        new LinkedHashMap<>() {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED_WINDOWS;
          }
        });
  }

  /** The hash of a campaign's window: {@code <prefix><campaign>:<windowStartMs>}. */
  public static String key(String prefix, String campaignId, long windowStartMs) {
    return prefix + campaignId + ":" + windowStartMs;
  }

  /** Writes a window's current count (synchronously, as the engine's client does it). */
  public void write(String campaignId, long windowStartMs, long count) {
    String key = key(prefix, campaignId, windowStartMs);
    if (written != null) {
      Long before = written.put(key, count);
      if (before != null && before == count) {
        return;
      }
    }
    redis.hset(
        key,
        Map.of(
            "seen_count",
            Long.toString(count),
            "time_updated",
            Long.toString(System.currentTimeMillis())));
  }
}
