package org.streambench.verifier.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.YsbEvents;

/**
 * ysb: input {@link YsbEvents}, Kafka output {@code campaign,windowStartMs,count,maxEventUs,
 * maxInUs,outUs} per window update; the highest count per (campaign, window) must equal the
 * generated views. (The harness checks the same counts in Redis against {@link
 * #expectedByWindow()}.)
 */
public final class YsbCheck extends WindowCountCheck {
  private final YsbEvents events;
  private final long windowMs;
  private final WindowTally tally;

  public YsbCheck(YsbEvents events, long windowMs, Guarantee guarantee) {
    super(guarantee);
    this.events = events;
    this.windowMs = windowMs;
    this.tally = new WindowTally(windowMs * 1000, events.campaigns());
  }

  @Override
  public int maxRecordBytes() {
    return events.maxBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    if (events.eventType(seq) == YsbEvents.VIEW) {
      tally.add(events.campaignOf(events.adIndex(seq)), YsbEvents.eventTimeMillis(t) * 1000);
    }
    return events.encode(seq, t, buf);
  }

  /** The events generated: ads, campaigns, and the ad → campaign map YSB's job joins with. */
  public YsbEvents events() {
    return events;
  }

  public long windowMs() {
    return windowMs;
  }

  @Override
  Map<String, Long> expectedCounts() {
    return tally.expected(events::campaignId, 1000);
  }
}
