package org.streambench.api.workload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * ysb's ad → campaign join: each ad's campaign is looked up once ({@code GET <ad_id>} in Redis, as
 * YSB does) and then kept, since the map never changes during a run. Safe to share between threads.
 */
public final class CampaignCache {
  private final Map<String, String> campaigns = new ConcurrentHashMap<>();
  private final Function<String, String> lookup;

  /** {@code lookup} returns the campaign of an ad, or null if there is none. */
  public CampaignCache(Function<String, String> lookup) {
    this.lookup = lookup;
  }

  /** The campaign of {@code adId}; an ad without one fails the job. */
  public String campaignOf(String adId) {
    String campaign = campaigns.get(adId);
    if (campaign == null) {
      campaign = lookup.apply(adId);
      if (campaign == null) {
        throw new IllegalStateException("ad " + adId + " has no campaign in Redis");
      }
      campaigns.put(adId, campaign);
    }
    return campaign;
  }
}
