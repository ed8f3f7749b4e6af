package org.streambench.harness.run;

import java.util.List;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.workload.InJobCheck;

/**
 * What a {@link ModeFlow} measured: the generator's and collector's reports (null in-job), the
 * engine's own in-job report (null otherwise), the steady-state throughput, and findings about how
 * it was measured (added to the run's).
 */
record Measurements(
    GeneratorReport generated,
    CollectorReport collected,
    InJobCheck inJob,
    RunResult.Throughput throughput,
    List<Finding> findings) {

  /** Records/s and records/s per engine core, over {@code cores} used in the window. */
  static RunResult.Throughput throughput(double in, double out, double seconds, double cores) {
    return new RunResult.Throughput(
        in,
        out,
        seconds,
        cores > 0 ? out / cores : Double.NaN,
        cores > 0 ? in / cores : Double.NaN);
  }
}
