package org.streambench.verifier.workload;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * Nexmark's stateful queries (docs/nexmark.md): the check makes each event as it is generated and
 * tallies what the query's {@link NexmarkModel} needs; after generation the model gives the rows.
 * An output row, {@code seq,t,<the query's columns>,in,out}, names the event it is about by {@code
 * seq} (and, where one event has a row per window, by its window, {@link
 * NexmarkModel#windowColumn}); a row missing is lost, twice duplicated, for no expected key
 * phantom, and with other columns, or another {@code t} than the latest intended time of the events
 * that made it, wrong. Rows arrive before generation ends, so the first of each key is kept until
 * the verdict.
 */
public final class NexmarkStatefulCheck extends OutputCheck {
  private final NexmarkEvents events;
  private final NexmarkQuery query;
  private final Guarantee guarantee;
  private final long watermarkDelayMicros;
  private final NexmarkModel model;
  private final OutputFields fields;
  private final Map<String, String> firstRows = new HashMap<>();
  private final Map<String, Integer> seen = new HashMap<>();
  private final VerdictBuilder malformed = new VerdictBuilder(Guarantee.AT_LEAST_ONCE);
  private long received;
  private long malformedRows;

  /** The latest event time generated (ms): past the last record's own once out of order. */
  private long latestEventMs;

  private volatile Map<String, NexmarkModel.Row> expectedRows;

  /** On the observing thread: how many of {@code countedFor}'s keys have arrived. */
  private Map<String, NexmarkModel.Row> countedFor;

  private long arrivedExpected;

  /**
   * @param watermarkDelayMs how far a windowed query's watermark trails event time (its end marker
   *     is that and a window past the last event)
   */
  public NexmarkStatefulCheck(
      NexmarkEvents events, NexmarkQuery query, Guarantee guarantee, long watermarkDelayMs) {
    this.events = events;
    this.query = query;
    this.guarantee = guarantee;
    this.watermarkDelayMicros = watermarkDelayMs * 1000;
    this.model = NexmarkModel.of(query, events.disorder().boundMs());
    this.fields = new OutputFields(query.outputColumns() + 4);
  }

  @Override
  public int maxRecordBytes() {
    return events.maxRecordBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    NexmarkEvents.Event e = events.eventAt(seq, t);
    model.add(seq, t, e);
    latestEventMs = Math.max(latestEventMs, e.dateTime());
    return NexmarkEvents.encode(seq, t, e, buf);
  }

  /**
   * A windowed query's: event time a window and the watermark delay past the last event (or the
   * latest, out of order), and for q4 the longest an auction lasts ({@link
   * NexmarkQuery#endMarkerLeadMs(long, long)}).
   */
  @Override
  public int encodeEndMarker(long lastT, byte[] buf) {
    if (query.shape() != NexmarkQuery.Shape.WINDOWED) {
      return -1;
    }
    long past =
        query.endMarkerLeadMs(watermarkDelayMicros / 1000, events.maxAuctionLengthMs()) * 1000;
    return NexmarkEvents.encodeEndMarker(Math.max(lastT, latestEventMs * 1000) + past, buf);
  }

  @Override
  protected void prepareExpectations(long sent) {
    expectedRows = model.rows();
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    received++;
    int n = query.outputColumns() + 4;
    if (!fields.split(value) || fields.number(0) < 0 || fields.number(1) < 0) {
      malformedRows++;
      malformed.example(
          "phantom", value == null ? "null value" : new String(value, StandardCharsets.UTF_8));
      return false;
    }
    String key = rowKey();
    int times = seen.merge(key, 1, Integer::sum);
    if (times == 1) {
      firstRows.put(key, rowText(n));
      if (countedFor != null && countedFor.containsKey(key)) {
        arrivedExpected++;
      }
    }
    return fields.stamps(stamps, 1, n - 2, n - 1);
  }

  /**
   * The row's key: its {@code seq}, and its window where the query has one per event and window.
   */
  private String rowKey() {
    int window = model.windowColumn();
    return window < 0
        ? Long.toString(fields.number(0))
        : fields.number(0) + "@" + fields.text(2 + window);
  }

  /** The row as {@link NexmarkModel.Row#text} writes the model's. */
  private String rowText(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 2; i < n - 2; i++) {
      sb.append(i > 2 ? "," : "").append(fields.text(i));
    }
    return sb.append('@').append(fields.number(1)).toString();
  }

  @Override
  public long received() {
    return received;
  }

  @Override
  protected boolean allArrived() {
    Map<String, NexmarkModel.Row> expected = expectedRows;
    if (countedFor != expected) {
      countedFor = expected;
      arrivedExpected = expected.keySet().stream().filter(seen::containsKey).count();
    }
    return arrivedExpected == expected.size();
  }

  @Override
  public Verdict verdict() {
    Map<String, NexmarkModel.Row> expected = expectedRows;
    VerdictBuilder v = new VerdictBuilder(guarantee);
    long lost = 0;
    long duplicated = 0;
    long phantom = malformedRows;
    long wrong = 0;
    for (Map.Entry<String, NexmarkModel.Row> row : expected.entrySet()) {
      if (!seen.containsKey(row.getKey())) {
        lost++;
        example(v, "lost", row.getKey() + ": " + row.getValue().text());
      }
    }
    for (Map.Entry<String, Integer> s : seen.entrySet()) {
      NexmarkModel.Row want = expected.get(s.getKey());
      if (want == null) {
        phantom++;
        example(v, "phantom", s.getKey() + ": " + firstRows.get(s.getKey()));
        continue;
      }
      duplicated += s.getValue() - 1;
      if (s.getValue() > 1) {
        example(v, "duplicated", s.getKey());
      }
      if (!want.text().equals(firstRows.get(s.getKey()))) {
        wrong++;
        example(v, "wrong", s.getKey() + ": " + firstRows.get(s.getKey()) + ", not " + want.text());
      }
    }
    v.count("expected", expected.size());
    v.count("received", received);
    v.count("distinct", seen.size() - (phantom - malformedRows));
    v.error("lost", lost, "of " + expected.size() + " rows lost");
    v.error("duplicated", duplicated, "duplicate deliveries");
    v.error("phantom", phantom, "phantom rows (never expected)");
    v.violation(
        "wrong",
        wrong,
        wrong + " rows whose columns or time are not the query's for their key event");
    v.examplesFrom(malformed);
    return v.build();
  }

  private static void example(VerdictBuilder v, String kind, String text) {
    if (v.wantsExample(kind)) {
      v.example(kind, text);
    }
  }
}
