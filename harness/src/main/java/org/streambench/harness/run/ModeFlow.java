package org.streambench.harness.run;

import org.streambench.harness.Mode;

/**
 * How a run's mode drives the generator, the engine and the collector, from the written spec to the
 * measurements. The engine is started by the flow, since drain pre-fills its input first.
 */
interface ModeFlow {

  /** Runs the mode; the spec file is in the layout's run directory. */
  Measurements run(RunContext run) throws Exception;

  /** Whether the run reads and writes Kafka topics (not in-job, where the engine generates). */
  default boolean usesTopics() {
    return true;
  }

  static ModeFlow of(Mode mode) {
    return switch (mode) {
      case FIXED_RATE -> new FixedRateFlow();
      case DRAIN -> new DrainFlow();
      case IN_JOB -> new InJobFlow();
    };
  }
}
