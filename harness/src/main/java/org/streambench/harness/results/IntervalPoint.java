package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One second of output as the collector saw it.
 *
 * @param second seconds since the run's origin (start of generation, or of the engine in drain
 *     mode)
 * @param out records received in that second
 * @param e2eP50Micros median end-to-end latency of those records
 * @param e2eP99Micros 99th percentile end-to-end latency of those records
 * @param engineP99Micros 99th percentile engine latency of those records
 * @param backlog input records scheduled by the end of that second but not yet reflected in the
 *     output (those scheduled after the newest intended send time seen in output so far); -1 where
 *     there is no schedule (drain and in-job runs). A backlog that grows over the steady state
 *     means the engine is not keeping up.
 * @param advanced whether the output moved on in that second (a record arrived with a newer
 *     intended send time than any before it), so that its backlog was taken at that moment and not
 *     at the second's end; null where there is no backlog (drain and in-job runs) or it was not
 *     recorded (results stored before it was, agents' progress lines)
 */
public record IntervalPoint(
    long second,
    long out,
    long e2eP50Micros,
    long e2eP99Micros,
    long engineP99Micros,
    long backlog,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean advanced) {

  /** A second whose advance was not recorded. */
  public IntervalPoint(
      long second,
      long out,
      long e2eP50Micros,
      long e2eP99Micros,
      long engineP99Micros,
      long backlog) {
    this(second, out, e2eP50Micros, e2eP99Micros, engineP99Micros, backlog, null);
  }
}
