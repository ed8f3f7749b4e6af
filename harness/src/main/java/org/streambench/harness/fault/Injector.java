package org.streambench.harness.fault;

import java.time.Duration;

/**
 * Does one fault of its kind as it happens, and undoes it: {@link #inject} at its time, {@link
 * #heal} {@link #healAfter} later, and {@link #closeOut} when the run ends.
 */
public interface Injector {
  /** Does the fault; what it hit, or nothing and why. */
  Hit inject(FaultTargets targets) throws Exception;

  /** How long after {@link #inject} it heals, or null if it is left as it is. */
  Duration healAfter(Duration restartDelay);

  /** Undoes what {@code hit} is; what it did, for the run's progress, or null if the run stops. */
  String heal(Hit hit, FaultTargets targets) throws Exception;

  /**
   * When the run ends, undoes what the run's own processes do not: a broker, shared by a session's
   * runs, still down or paused. What it did, or null if nothing was left to undo.
   */
  String closeOut(Hit hit, FaultTargets targets) throws Exception;
}
