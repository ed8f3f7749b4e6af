package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.GcLog;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.results.GcSecond;
import org.streambench.harness.results.GcSummary;
import org.streambench.harness.results.ProcessUsage;

/**
 * What every sampled role used: CPU in all and in the steady window, peak memory, GC, and storage
 * I/O in the steady window.
 */
final class UsageReport {
  private UsageReport() {}

  /**
   * Where the run's GC logs are: the run directory and beside each Kafka node's log (one directory
   * for a cluster's nodes).
   */
  static Set<Path> gcDirs(Path runDir, KafkaCluster kafka) {
    Set<Path> dirs = new LinkedHashSet<>(List.of(runDir));
    kafka.nodes().values().forEach(n -> dirs.add(n.process().log().getParent()));
    return dirs;
  }

  /**
   * Every sampled role's usage, the steady window between two marks of the sampler (to now if the
   * second is missing); GC from the logs in {@code gcDirs}.
   */
  static List<ProcessUsage> of(
      ProcessSampler sampler,
      Set<Path> gcDirs,
      String steadyStart,
      String steadyEnd,
      long originMillis) {
    long from = sampler.markEpochMillis(steadyStart);
    long to =
        sampler.hasMark(steadyEnd)
            ? sampler.markEpochMillis(steadyEnd)
            : System.currentTimeMillis();
    List<ProcessUsage> out = new ArrayList<>();
    sampler
        .latest()
        .forEach(
            (role, s) ->
                out.add(
                    new ProcessUsage(
                        role,
                        sampler.pid(role),
                        sampler.cpuSinceWatched(role),
                        sampler.coresBetween(role, steadyStart, steadyEnd),
                        s.peakRssBytes(),
                        s.allowedCpus(),
                        from < 0 ? null : gc(sampler, role, gcDirs, from, to),
                        originMillis < 0
                            ? List.of()
                            : gcPerSecond(sampler, role, gcDirs, originMillis),
                        sampler.diskBetween(role, steadyStart, steadyEnd))));
    out.sort(Comparator.comparing(ProcessUsage::role));
    return out;
  }

  /**
   * Garbage collection of a role's JVMs between two instants (epoch ms), from the GC logs in {@code
   * dirs}; null if unknown.
   */
  private static GcSummary gc(
      ProcessSampler sampler, String role, Set<Path> dirs, long from, long to) {
    List<Path> files = logs(sampler, role, dirs);
    try {
      return files.isEmpty() ? null : GcLog.summarize(files, from, to);
    } catch (IOException e) {
      return null; // a log that cannot be read leaves the figure unknown, not the run failed
    }
  }

  /** A role's seconds with GC pauses from the per-second series' origin on; none if unknown. */
  private static List<GcSecond> gcPerSecond(
      ProcessSampler sampler, String role, Set<Path> dirs, long originMillis) {
    try {
      return GcLog.perSecond(logs(sampler, role, dirs), originMillis);
    } catch (IOException e) {
      return List.of();
    }
  }

  private static List<Path> logs(ProcessSampler sampler, String role, Set<Path> dirs) {
    List<Path> files = new ArrayList<>();
    for (long pid : sampler.pids(role)) {
      dirs.forEach(d -> files.add(GcLog.file(d, pid)));
    }
    return files;
  }
}
