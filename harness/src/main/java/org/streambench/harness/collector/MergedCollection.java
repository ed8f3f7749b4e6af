package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.streambench.harness.generator.PacingSchedule;

/**
 * The harness's side of output that agents read, each a share ({@link CollectorShare}): their
 * {@link CollectedPart}s merged into one report, as if one collector had read every record. The
 * workload's check takes the merge of theirs, so lost, duplicated and phantom stay global; each
 * second's histograms add up into the run's own {@code latency.hlog} and points.
 */
public final class MergedCollection {
  private final OutputRecords workload;
  private final OutputChecks checks;

  /**
   * @param workload the run's workload, whose check knows what was generated
   * @param intervalLog the run's latency log
   * @param originMicros second 0 of the series, which every agent's share counts from too
   */
  public MergedCollection(OutputRecords workload, Path intervalLog, long originMicros)
      throws IOException {
    this.workload = workload;
    this.checks = new OutputChecks(workload, intervalLog, originMicros, CollectorShare.ALL);
  }

  public void setSteadyWindow(SteadyWindow steady) {
    checks.setSteadyWindow(steady);
  }

  public SteadyWindow steadyWindow() {
    return checks.steadyWindow();
  }

  /** Backlog per second against the generator's schedule of {@code total} records. */
  public void setSchedule(long startMicros, PacingSchedule schedule, long total) {
    checks.setSchedule(startMicros, schedule, total);
  }

  /**
   * Whether the shares' observations, merged, hold every expected output (the generator done);
   * {@code observations}: each share's check's, as they stand.
   */
  public boolean complete(List<byte[]> observations) {
    synchronized (checks) {
      workload.replaceObservations(observations);
      return workload.complete();
    }
  }

  /** The run's report from every share's final part. */
  public CollectorReport report(List<CollectedPart> parts, boolean timedOut) {
    checks.merge(parts);
    return checks.report(
        timedOut,
        parts.stream().mapToDouble(CollectedPart::threadCpuSeconds).sum(),
        parts.stream().mapToLong(CollectedPart::allocatedBytes).sum());
  }

  /** Closes the latency log (idempotent). */
  public void close() {
    checks.close();
  }
}
