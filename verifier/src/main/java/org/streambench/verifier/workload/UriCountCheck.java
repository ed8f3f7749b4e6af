package org.streambench.verifier.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.AccessLogs;

/**
 * uricount: input {@link AccessLogs}, output {@code
 * uri,windowStartUs,count,maxEventUs,maxInUs,outUs}; the highest count per (uri, window) must equal
 * the generated count. End markers past the last window close it.
 */
public final class UriCountCheck extends WindowCountCheck {
  private final AccessLogs logs;
  private final long windowMicros;
  private final long outOfOrdernessMicros;
  private final WindowTally tally;

  public UriCountCheck(
      AccessLogs logs, long windowMicros, long outOfOrdernessMicros, Guarantee guarantee) {
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
    return AccessLogs.encodeEndMarker(lastT + windowMicros + outOfOrdernessMicros + 1_000_000, buf);
  }

  @Override
  Map<String, Long> expectedCounts() {
    return tally.expected(logs::uri, 1);
  }
}
