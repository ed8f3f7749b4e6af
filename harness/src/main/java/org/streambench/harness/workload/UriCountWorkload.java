package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.AccessLogs;
import org.streambench.verifier.workload.UriCountCheck;

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
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(
        new UriCountCheck(
            new AccessLogs(seed, params.positiveInt("uris")),
            params.positiveInt("window.ms") * 1000L,
            params.nonNegativeInt("out.of.orderness.ms") * 1000L,
            guarantee));
  }
}
