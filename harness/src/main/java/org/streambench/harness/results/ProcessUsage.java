package org.streambench.harness.results;

/**
 * CPU and memory of one process of a run.
 *
 * @param role broker, engine or harness (the harness runs the generator and the collector)
 * @param pid operating-system process id
 * @param cpuSeconds user + system CPU seconds used during the run
 * @param steadyCores CPU seconds during the steady state divided by its length (NaN if unknown)
 * @param peakRssBytes peak resident set size
 */
public record ProcessUsage(
    String role, long pid, double cpuSeconds, double steadyCores, long peakRssBytes) {}
