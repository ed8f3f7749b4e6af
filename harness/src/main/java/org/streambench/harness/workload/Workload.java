package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;

/**
 * One workload of the catalogue, as the harness sees it: its parameters and, per run, a {@link
 * WorkloadRun} that generates the input and checks the output. Record formats are in {@code
 * docs/workloads.md}; engines implement the job.
 */
public interface Workload {

  /** The name on the command line. */
  String name();

  /** One line on what it measures, for {@code --help}. */
  String description();

  /** Every parameter with its default; {@code --param} may only name these. */
  Map<String, String> defaults();

  /** Checks resolved parameters beyond their type; throws a usage error. */
  default void validate(Params params) {}

  /** Input topics the run needs: 1, or one per stream (join). */
  default int inputStreams(Params params) {
    return 1;
  }

  /** Whether the run needs Redis (ysb). */
  default boolean needsRedis() {
    return false;
  }

  /** Whether the workload has the in-job source mode (framework-limit runs). */
  default boolean hasInJobMode() {
    return false;
  }

  /**
   * Whether several generator threads may encode its input at once (its runs keep no input tally):
   * then {@code --generator-threads} may split the schedule.
   */
  default boolean concurrentInput() {
    return false;
  }

  WorkloadRun newRun(Params params, long seed, Guarantee guarantee);
}
