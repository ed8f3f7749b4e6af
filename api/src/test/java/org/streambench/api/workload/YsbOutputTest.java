package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ysb's filter, campaign cache and Redis writes. */
class YsbOutputTest {
  @Test
  void keepsViewsOnly() {
    assertTrue(YsbEvents.isView("view"));
    assertFalse(YsbEvents.isView("click"));
    assertFalse(YsbEvents.isView("purchase"));
  }

  @Test
  void looksEachAdUpOnce() {
    List<String> lookups = new ArrayList<>();
    CampaignCache cache =
        new CampaignCache(
            ad -> {
              lookups.add(ad);
              return ad.equals("nowhere") ? null : "c-" + ad;
            });
    assertEquals("c-a1", cache.campaignOf("a1"));
    assertEquals("c-a1", cache.campaignOf("a1"));
    assertEquals("c-a2", cache.campaignOf("a2"));
    assertEquals(List.of("a1", "a2"), lookups);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> cache.campaignOf("nowhere"));
    assertEquals("ad nowhere has no campaign in Redis", e.getMessage());
  }

  @Test
  void writesEachWindowAsYsbDoes() {
    List<String> writes = new ArrayList<>();
    RedisWindowWrites redis = RedisWindowWrites.everyUpdate("r1:", recorder(writes));
    long before = System.currentTimeMillis();
    redis.write("c1", 10_000, 3);
    redis.write("c1", 10_000, 3);
    assertEquals(List.of("r1:c1:10000 seen_count=3", "r1:c1:10000 seen_count=3"), writes);
    RedisWindowWrites.everyUpdate(
            "p-",
            (key, fields) -> {
              assertEquals(
                  Map.of("seen_count", "5", "time_updated", fields.get("time_updated")), fields);
              assertTrue(Long.parseLong(fields.get("time_updated")) >= before);
            })
        .write("c2", 0, 5);
  }

  @Test
  void skipsAnUnchangedCountWhenAskedTo() {
    List<String> writes = new ArrayList<>();
    RedisWindowWrites redis = RedisWindowWrites.changedCountsOnly("r1:", recorder(writes));
    redis.write("c1", 10_000, 3);
    redis.write("c1", 10_000, 3);
    redis.write("c2", 10_000, 3);
    redis.write("c1", 10_000, 4);
    assertEquals(
        List.of("r1:c1:10000 seen_count=3", "r1:c2:10000 seen_count=3", "r1:c1:10000 seen_count=4"),
        writes);
  }

  private static RedisWindowWrites.Hset recorder(List<String> writes) {
    return (key, fields) -> writes.add(key + " seen_count=" + fields.get("seen_count"));
  }
}
