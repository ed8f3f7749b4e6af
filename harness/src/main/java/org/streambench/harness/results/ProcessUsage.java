package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.streambench.harness.process.GcSummary;

/**
 * CPU and memory of one process of a run.
 *
 * @param role broker, engine or harness (the harness runs the generator and the collector)
 * @param pid operating-system process id
 * @param cpuSeconds user + system CPU seconds used during the run
 * @param steadyCores CPU seconds during the steady state divided by its length (NaN if unknown)
 * @param peakRssBytes peak resident set size
 * @param gc garbage collection in the steady state, or null where unknown (a process that keeps no
 *     GC log in the run directory: the harness itself, Redis, Storm's LogWriter; every JVM the
 *     harness starts and the worker JVMs and executors an engine spawns keep one)
 */
public record ProcessUsage(
    String role,
    long pid,
    double cpuSeconds,
    double steadyCores,
    long peakRssBytes,
    @JsonInclude(JsonInclude.Include.NON_NULL) GcSummary gc) {

  public ProcessUsage(
      String role, long pid, double cpuSeconds, double steadyCores, long peakRssBytes) {
    this(role, pid, cpuSeconds, steadyCores, peakRssBytes, null);
  }
}
