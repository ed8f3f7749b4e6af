package org.streambench.harness.generator;

import java.time.Duration;
import java.util.function.LongConsumer;
import org.streambench.harness.results.GeneratorReport;

/**
 * What writes a run's input: this JVM's {@link Generator}, or agents on other machines sharing one
 * schedule ({@code agent.AgentGeneration}).
 */
public interface InputGenerator {
  /**
   * Sends {@code rate} records/s for {@code warmup + duration}, paced by intended send time; {@code
   * onStart} receives the schedule's start (epoch µs, the harness's clock) before the first record
   * is due.
   */
  GeneratorReport runPaced(long rate, Duration warmup, Duration duration, LongConsumer onStart)
      throws Exception;

  /** Sends {@code records} records as fast as they are taken (drain-mode pre-fill). */
  GeneratorReport runUnpaced(long records) throws Exception;

  /** Send loops (threads) of the generation, over every machine. */
  int threads();

  /** The first record the broker refused, if any. */
  Exception firstError();

  /** Records sent so far, for progress lines. */
  long sentSoFar();

  /**
   * Ends a paced generation early and in order: records from {@code records} on are not sent, and
   * the workload's end markers follow as at the schedule's end.
   */
  void finishBefore(long records);

  /** Stops at once (a failed or interrupted run); a finished generation is not affected. */
  void stop();
}
