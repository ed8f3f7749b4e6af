package org.streambench.harness.collector;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.results.IntervalPoint;

/**
 * What reads a run's output: this JVM's {@link Collector}, or agents that each read a share of the
 * output partitions ({@code agent.AgentCollection}). Either way it decides when the output is
 * complete, settled or idle, and reports every output record's latency and check once.
 */
public interface OutputCollector {
  /** Records whose newest input was due in {@code steady} make up the steady state. */
  void setSteadyWindow(SteadyWindow steady);

  /**
   * Makes the per-second points report backlog against the generator's schedule.
   *
   * @param startMicros the schedule's start (epoch micros)
   * @param schedule the generator's pacing
   * @param total records in the whole schedule
   */
  void setSchedule(long startMicros, PacingSchedule schedule, long total);

  /**
   * While {@code busy} says the engine is working, silence does not count as idle (a windowed job
   * draining a large input may emit nothing until its windows close).
   */
  void setEngineBusy(BooleanSupplier busy);

  /** Epoch micros (the harness's clock) when the newest output was received, 0 before the first. */
  long lastReceiveMicros();

  /** Records received so far (for progress reports). */
  long receivedSoFar();

  /** Whether every expected output has arrived (the collector is settling or done). */
  boolean outputComplete();

  /** The last complete second of output, or null before the first (for progress reports). */
  IntervalPoint latestSecond();

  /**
   * Every second closed so far (a copy), for judging a fault's recovery while the run goes on;
   * empty where the seconds are not kept here (agents' collections).
   */
  List<IntervalPoint> secondsSoFar();

  /** Stops reading at once (interrupted runs). */
  void stop();

  /** Waits for the report; null if it is not there within {@code timeout}. */
  CollectorReport awaitReport(Duration timeout) throws Exception;
}
