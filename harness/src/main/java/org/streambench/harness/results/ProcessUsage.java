package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * CPU, memory and storage I/O of one process of a run.
 *
 * @param role broker, engine or harness (the harness runs the generator and the collector)
 * @param pid operating-system process id
 * @param cpuSeconds user + system CPU seconds used during the run
 * @param steadyCores CPU seconds during the steady state divided by its length (NaN if unknown)
 * @param peakRssBytes peak resident set size
 * @param allowedCpus the CPUs the process may run on as the kernel said ({@code Cpus_allowed_list}
 *     of {@code /proc/<pid>/status}, e.g. {@code 1} or {@code 0-1}; for a role of several
 *     processes, all of theirs together; for the harness's threads, the harness's); null where
 *     unknown (results stored before it was read)
 * @param gc garbage collection in the steady state, or null where unknown (a process that keeps no
 *     GC log in the run directory: the harness itself, Redis, Storm's LogWriter; every JVM the
 *     harness starts and the worker JVMs and executors an engine spawns keep one)
 * @param gcPerSecond the seconds of the whole run with GC pauses, on the per-second series' clock
 *     (empty where unknown)
 * @param disk storage reads and writes in the steady state, or null where unknown (the harness's
 *     threads; results stored before they were sampled)
 */
public record ProcessUsage(
    String role,
    long pid,
    double cpuSeconds,
    double steadyCores,
    long peakRssBytes,
    @JsonInclude(JsonInclude.Include.NON_NULL) String allowedCpus,
    @JsonInclude(JsonInclude.Include.NON_NULL) GcSummary gc,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GcSecond> gcPerSecond,
    @JsonInclude(JsonInclude.Include.NON_NULL) DiskUsage disk) {

  public ProcessUsage {
    gcPerSecond = gcPerSecond == null ? List.of() : List.copyOf(gcPerSecond); // absent when read
  }

  public ProcessUsage(
      String role, long pid, double cpuSeconds, double steadyCores, long peakRssBytes) {
    this(role, pid, cpuSeconds, steadyCores, peakRssBytes, null, null, List.of(), null);
  }
}
