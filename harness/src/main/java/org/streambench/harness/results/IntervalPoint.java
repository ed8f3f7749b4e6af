package org.streambench.harness.results;

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
 */
public record IntervalPoint(
    long second,
    long out,
    long e2eP50Micros,
    long e2eP99Micros,
    long engineP99Micros,
    long backlog) {}
