package org.streambench.harness.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.NexmarkDisorder;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.harness.UsageException;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.verifier.workload.NexmarkCheck;
import org.streambench.verifier.workload.NexmarkStatefulCheck;

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
      case Q3 ->
          "Nexmark q3: auctions in category 10 joined with their Oregon, Idaho or California"
              + " sellers (an unbounded join)";
      case Q4 ->
          "Nexmark q4: per category, the average winning price of the auctions closing in each"
              + " 10 s window (a join and two aggregations, event time)";
      case Q5 ->
          "Nexmark q5: the auctions with the most bids in each sliding 10 s window, every 2 s"
              + " (event time)";
      case Q7 -> "Nexmark q7: the highest bids of each tumbling 10 s window (event time)";
      case Q8 ->
          "Nexmark q8: the people who opened an auction in the 10 s window they joined in (a"
              + " windowed join, event time)";
      case Q11 ->
          "Nexmark q11: per bidder, the bids of each session (bids at most 10 s apart, event"
              + " time)";
      case Q14 ->
          "Nexmark q14: the bids between 1 and 50 million euros with their time of day and a"
              + " function of their extra field (a filter and user-defined functions)";
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
    m.put("out-of-order.group.size", "1");
    m.put("delayed.event.probability", "0.0");
    m.put("occasional.delay.s", "3");
    if (query.shape() == NexmarkQuery.Shape.WINDOWED) {
      m.put("watermark.delay.ms", Long.toString(WATERMARK_DELAY_MS));
    }
    return m;
  }

  /**
   * How far a windowed query's watermark trails the newest event time: the nexmark project's {@code
   * WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND}.
   */
  static final long WATERMARK_DELAY_MS = 4000;

  @Override
  public void validate(Params params) {
    String wrong =
        NexmarkDisorder.problem(
            params.positiveInt("out-of-order.group.size"),
            params.fraction("delayed.event.probability"),
            params.nonNegativeInt("occasional.delay.s"));
    if (wrong != null) {
      throw new UsageException(name() + ": " + wrong);
    }
    config(params);
    if (query.shape() == NexmarkQuery.Shape.WINDOWED) {
      params.nonNegativeInt("watermark.delay.ms");
    }
  }

  /**
   * Out-of-order groups take their event times from the schedule, so they need one; a windowed
   * query's events may trail the newest by less than its watermark delay, as no engine would count
   * a later one and the check's model does not drop any.
   */
  @Override
  public void validate(Params params, long ratePerSecond) {
    if (ratePerSecond == 0 && params.positiveInt("out-of-order.group.size") > 1) {
      throw new UsageException(
          name()
              + ": out-of-order groups need a paced run (--mode fixed-rate): an event's time is"
              + " its place in the schedule");
    }
    if (query.shape() != NexmarkQuery.Shape.WINDOWED) {
      return;
    }
    long bound = events(params, ratePerSecond).disorder().boundMs();
    long delay = params.nonNegativeInt("watermark.delay.ms");
    if (bound > 0 && bound >= delay) {
      int group = params.positiveInt("out-of-order.group.size");
      int delayS =
          params.fraction("delayed.event.probability") > 0
              ? params.nonNegativeInt("occasional.delay.s")
              : 0;
      String why =
          (group > 1
                  ? "out-of-order groups of " + group + " at " + ratePerSecond + " events/s"
                  : "")
              + (group > 1 && delayS > 0 ? " and " : "")
              + (delayS > 0 ? "delays up to " + delayS + " s" : "");
      throw new UsageException(
          String.format(
              "%s: events may trail the newest by up to %d ms (%s), not less than"
                  + " watermark.delay.ms %d: they would be late, which the check does not model",
              name(), bound, why, delay));
    }
  }

  /**
   * The events of a run paced at {@code ratePerSecond} (0: unpaced, which out-of-order groups
   * cannot be: {@link #validate(Params, long)} refuses that first).
   */
  static NexmarkEvents events(Params params, long ratePerSecond) {
    PacingSchedule schedule = ratePerSecond > 0 ? new PacingSchedule(ratePerSecond) : null;
    return new NexmarkEvents(
        config(params),
        NexmarkDisorder.of(
            params.positiveInt("out-of-order.group.size"),
            params.fraction("delayed.event.probability"),
            params.nonNegativeInt("occasional.delay.s"),
            schedule == null ? null : seq -> schedule.intendedNanos(seq) / 1000));
  }

  private static NexmarkEvents.Config config(Params params) {
    return new NexmarkEvents.Config(
        params.positiveInt("hot.auction.ratio"),
        params.positiveInt("hot.sellers.ratio"),
        params.positiveInt("hot.bidders.ratio"),
        params.positiveInt("active.people"),
        params.positiveInt("in-flight.auctions"),
        params.nonNegativeInt("person.bytes"),
        params.nonNegativeInt("auction.bytes"),
        params.nonNegativeInt("bid.bytes"),
        params.positiveInt("inter-event.delay.us"));
  }

  /** A stateless query's input is a function of seq alone; a stateful one's check tallies it. */
  @Override
  public boolean concurrentInput() {
    return query.shape() == NexmarkQuery.Shape.STATELESS;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    NexmarkEvents events = events(params, ratePerSecond);
    return new WorkloadRun(
        switch (query.shape()) {
          case STATELESS -> new NexmarkCheck(events, query, guarantee);
          case JOIN -> new NexmarkStatefulCheck(events, query, guarantee, 0);
          case WINDOWED ->
              new NexmarkStatefulCheck(
                  events, query, guarantee, params.nonNegativeInt("watermark.delay.ms"));
        });
  }
}
