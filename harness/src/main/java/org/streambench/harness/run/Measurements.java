package org.streambench.harness.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.Mode;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResultBuilder;
import org.streambench.harness.workload.ExternalCheck;
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

  /** The collector's steady window; the whole run where nothing was collected (in-job). */
  SteadyWindow steady() {
    return collected == null ? SteadyWindow.ALL : collected.steady();
  }

  /** The collector's per-second output and latency; none where nothing was collected. */
  List<IntervalPoint> intervals() {
    return collected == null ? List.of() : collected.intervals();
  }

  /** Adds its figures (and the external check's results) to a completed run's result. */
  void addTo(RunResultBuilder result, Mode mode, ExternalCheck external) {
    result.throughput(throughput).generator(generated);
    if (collected != null) {
      result
          .latency(
              mode == Mode.FIXED_RATE ? collected.endToEnd() : null,
              collected.engine(),
              Map.of(
                  "endToEnd", collected.negativeEndToEnd(),
                  "engine", collected.negativeEngine()))
          .timeseries(collected.intervals());
    }
    Map<String, Object> workloadResults = new LinkedHashMap<>();
    if (external != null) {
      workloadResults.putAll(external.results());
    }
    if (inJob != null) {
      workloadResults.put("inJob", inJob.results());
    }
    result.workloadResults(workloadResults.isEmpty() ? null : workloadResults);
  }
}
