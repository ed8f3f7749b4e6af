package org.streambench.engine.storm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.workload.NexmarkQuery;

/**
 * q11, user sessions, on the tasks of the bidders ({@code fieldsGrouping} by bidder): each bidder's
 * sessions kept by hand, a bid at most {@link NexmarkQuery#SESSION_GAP_MS} from a session (both
 * ends included, as Flink's session windows touch and merge) joining it, and joining two it
 * bridges. Event time is an {@link EventClock}'s ({@code watermark.delay.ms} behind the oldest
 * spout task's newest); a session closes once the watermark reaches its last bid plus the gap, less
 * a millisecond (Flink's session window fires there), and its row goes out: {@code
 * seq,t,bidder,bid_count,starttime,endtime,in}, the bidder as {@code seq}, its latest {@code t} and
 * {@code in}. A bid that reaches no open session and whose own session would already be closed is
 * dropped as late. End markers only move event time; ticks re-read the watermark when a spout task
 * idles.
 */
final class UserSessions extends ResultBolt {
  private static final long serialVersionUID = 1L;
  private static final long GAP = NexmarkQuery.SESSION_GAP_MS;

  private final long delayMs;
  private transient EventClock clock;
  private transient Map<Long, TreeMap<Long, Session>> open; // by bidder, then start
  private transient TreeMap<Long, List<long[]>> byEnd; // last + gap → {bidder, start}

  UserSessions(long delayMs) {
    this.delayMs = delayMs;
  }

  /** A session: its first and last bid's times, their count, latest {@code t} and {@code in}. */
  private record Session(long start, long last, long count, long t, long in) {
    Session merge(Session o) {
      return new Session(
          Math.min(start, o.start),
          Math.max(last, o.last),
          count + o.count,
          Math.max(t, o.t),
          Math.max(in, o.in));
    }
  }

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context) {
    clock = EventClock.ofSpoutTasks(delayMs, context);
    open = new HashMap<>();
    byEnd = new TreeMap<>();
  }

  @Override
  public void execute(Tuple input, BasicOutputCollector collector) {
    long now = System.currentTimeMillis();
    if (!TupleUtils.isTick(input)) {
      long dateTime = input.getLongByField("dateTime");
      clock.observe(input.getSourceTask(), dateTime, now);
      if (!input.getSourceStreamId().equals(NexmarkTopology.MARKERS)) {
        add(input, dateTime, clock.watermark(now));
      }
    }
    long watermark = clock.watermark(now);
    while (!byEnd.isEmpty() && byEnd.firstKey() - 1 <= watermark) {
      var due = byEnd.pollFirstEntry();
      for (long[] key : due.getValue()) {
        TreeMap<Long, Session> sessions = open.get(key[0]);
        Session s = sessions == null ? null : sessions.get(key[1]);
        // an entry of a session since merged into another one is stale
        if (s != null && s.last + GAP == due.getKey()) {
          sessions.remove(key[1]);
          if (sessions.isEmpty()) {
            open.remove(key[0]);
          }
          emit(key[0], s, collector);
        }
      }
    }
  }

  private void add(Tuple bid, long dateTime, long watermark) {
    long bidder = bid.getLongByField("bidder");
    TreeMap<Long, Session> sessions = open.computeIfAbsent(bidder, b -> new TreeMap<>());
    Session s =
        new Session(dateTime, dateTime, 1, bid.getLongByField("t"), bid.getLongByField("in"));
    // a bidder's sessions lie more than the gap apart: a bid reaches at most the one starting
    // within the gap after it and the one before it
    var reached = sessions.headMap(dateTime + GAP, true).descendingMap().values().iterator();
    boolean joined = false;
    while (reached.hasNext()) {
      Session other = reached.next();
      if (other.last + GAP < dateTime) {
        break;
      }
      s = s.merge(other);
      reached.remove();
      joined = true;
    }
    if (!joined && dateTime + GAP - 1 <= watermark) {
      if (sessions.isEmpty()) {
        open.remove(bidder);
      }
      return; // late
    }
    sessions.put(s.start, s);
    byEnd.computeIfAbsent(s.last + GAP, e -> new ArrayList<>()).add(new long[] {bidder, s.start});
  }

  private static void emit(long bidder, Session s, BasicOutputCollector collector) {
    collector.emit(
        new Values(
            NexmarkTopology.row(
                bidder, s.t, bidder + "," + s.count + "," + s.start + "," + (s.last + GAP), s.in)));
  }
}
