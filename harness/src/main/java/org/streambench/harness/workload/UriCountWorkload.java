package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.AccessLogs;

/** uricount: access-log JSON, count per uri in event-time tumbling windows; parser is a knob. */
final class UriCountWorkload implements Workload {
  static final String[] PARSERS = {"jackson", "scala"};

  @Override
  public String name() {
    return "uricount";
  }

  @Override
  public String description() {
    return "parse access-log JSON (parser=jackson|scala), count per uri in event-time windows";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of(
        "uris", "9",
        "window.ms", "60000",
        "out.of.orderness.ms", "1000",
        "lateness.ms", "0",
        "parser", "jackson");
  }

  @Override
  public void validate(Params params) {
    params.positiveInt("uris");
    params.positiveInt("window.ms");
    params.choice("parser", PARSERS);
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee) {
    return new Run(
        new AccessLogs(seed, params.positiveInt("uris")),
        params.positiveInt("window.ms") * 1000L,
        params.nonNegativeInt("out.of.orderness.ms") * 1000L,
        guarantee);
  }

  /**
   * Output {@code uri,windowStartUs,count,maxEventUs,maxInUs,outUs}; the highest count per (uri,
   * window) must equal the generated count. End markers past the last window close it.
   */
  private static final class Run extends WindowCountRun {
    private final AccessLogs logs;
    private final long windowMicros;
    private final long outOfOrdernessMicros;
    private final WindowTally tally;

    Run(AccessLogs logs, long windowMicros, long outOfOrdernessMicros, Guarantee guarantee) {
      super(guarantee);
      this.logs = logs;
      this.windowMicros = windowMicros;
      this.outOfOrdernessMicros = outOfOrdernessMicros;
      this.tally = new WindowTally(windowMicros, logs.uris());
    }

    @Override
    public int maxRecordBytes() {
      return logs.maxBytes();
    }

    @Override
    public int encode(long seq, long t, byte[] buf) {
      // engines see event time in milliseconds
      tally.add(logs.uriIndex(seq), t / 1000 * 1000);
      return logs.encode(seq, t, buf);
    }

    @Override
    public int encodeEndMarker(long lastT, byte[] buf) {
      return AccessLogs.encodeEndMarker(
          lastT + windowMicros + outOfOrdernessMicros + 1_000_000, buf);
    }

    @Override
    Map<String, Long> expectedCounts() {
      return tally.expected(logs::uri, 1);
    }
  }
}
