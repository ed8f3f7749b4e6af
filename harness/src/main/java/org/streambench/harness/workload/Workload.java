package org.streambench.harness.workload;

import java.util.List;
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

  /**
   * The run's input topics, named from {@code inputTopic} (the one the engine is told): that topic
   * alone, or one per input stream (join).
   */
  default List<String> inputTopics(String inputTopic, Params params) {
    return List.of(inputTopic);
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

  /**
   * Checks resolved parameters against the run's pacing, {@code ratePerSecond} records/s (0: as
   * fast as the producer takes them); throws a usage error.
   */
  default void validate(Params params, long ratePerSecond) {}

  /** One run's input and check, its input paced at {@code ratePerSecond} (0: unpaced). */
  WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond);
}
