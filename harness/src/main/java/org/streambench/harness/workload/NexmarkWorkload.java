package org.streambench.harness.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.verifier.workload.NexmarkCheck;

/**
 * nexmark-qN: one of Nexmark's queries over its person, auction and bid events, all on one topic in
 * event order (docs/nexmark.md). The parameters are Nexmark's generator settings; docs/nexmark.md
 * maps them to Beam's names.
 */
final class NexmarkWorkload implements Workload {
  private final NexmarkQuery query;

  NexmarkWorkload(NexmarkQuery query) {
    this.query = query;
  }

  @Override
  public String name() {
    return query.workload();
  }

  @Override
  public String description() {
    return switch (query) {
      case Q0 -> "Nexmark q0: every bid passed through (framework overhead on Nexmark's events)";
      case Q1 -> "Nexmark q1: every bid with its price converted to euros (a projection)";
      case Q2 -> "Nexmark q2: the bids of every 123rd auction (a selection)";
    };
  }

  @Override
  public Map<String, String> defaults() {
    NexmarkEvents.Config d = NexmarkEvents.Config.DEFAULT;
    Map<String, String> m = new LinkedHashMap<>();
    m.put("hot.auction.ratio", Integer.toString(d.hotAuctionRatio()));
    m.put("hot.sellers.ratio", Integer.toString(d.hotSellersRatio()));
    m.put("hot.bidders.ratio", Integer.toString(d.hotBiddersRatio()));
    m.put("active.people", Integer.toString(d.numActivePeople()));
    m.put("in-flight.auctions", Integer.toString(d.numInFlightAuctions()));
    m.put("person.bytes", Integer.toString(d.avgPersonByteSize()));
    m.put("auction.bytes", Integer.toString(d.avgAuctionByteSize()));
    m.put("bid.bytes", Integer.toString(d.avgBidByteSize()));
    m.put("inter-event.delay.us", Long.toString(d.interEventDelayUs()));
    return m;
  }

  @Override
  public void validate(Params params) {
    events(params);
  }

  static NexmarkEvents events(Params params) {
    return new NexmarkEvents(
        new NexmarkEvents.Config(
            params.positiveInt("hot.auction.ratio"),
            params.positiveInt("hot.sellers.ratio"),
            params.positiveInt("hot.bidders.ratio"),
            params.positiveInt("active.people"),
            params.positiveInt("in-flight.auctions"),
            params.nonNegativeInt("person.bytes"),
            params.nonNegativeInt("auction.bytes"),
            params.nonNegativeInt("bid.bytes"),
            params.positiveInt("inter-event.delay.us")));
  }

  @Override
  public boolean concurrentInput() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee) {
    return new WorkloadRun(new NexmarkCheck(events(params), query, guarantee));
  }
}
