package org.streambench.harness.run;

import org.streambench.harness.results.RunResultBuilder;

/**
 * One measurement a run takes beside its flow (state on disk, consumer lag, the engine's
 * checkpoints, each worker's share, CPU and memory of every process, CPU profiles): started once
 * the run's topics exist, told when the steady state starts and ends, stopped whatever happens
 * (before the engine stops), and its part added to the result. A new measurement is a probe, a
 * result field and a report section (ARCHITECTURE.md, "Adding a measurement").
 */
interface RunProbe {
  /** Starts measuring. */
  default void start() {}

  /** The steady state starts; not called if the run fails before it. */
  default void steadyStarted() {}

  /** The steady state ends; called at most once, after {@link #steadyStarted}. */
  default void steadyEnded() {}

  /**
   * Stops measuring; called once, whatever happened, while the engine still runs and before the
   * result is assembled.
   */
  default void stop() {}

  /**
   * Adds what it measured to {@code result}.
   *
   * @param originMillis epoch ms of the run's per-second series' origin, negative if it has none
   */
  void addTo(RunResultBuilder result, long originMillis);
}
