package org.streambench.harness.run;

import java.util.function.Supplier;
import org.streambench.harness.results.RunResult;

/**
 * How a run ended: completed unless it failed, was interrupted (Ctrl-C, SIGTERM) or was never run;
 * with the reason and the log tail a failure is stored with.
 */
final class RunOutcome {
  private RunResult.Status status = RunResult.Status.COMPLETED;
  private RunResult.Failure failure;

  /** Sets the outcome outright: a run that was never started. */
  void set(RunResult.Status status, RunResult.Failure failure) {
    this.status = status;
    this.failure = failure;
  }

  /**
   * Records {@code e} as the run's failure, with a service's log tail where a service failed and
   * the engine's otherwise; as an interruption where the harness is stopping, which is what made
   * the run fail then. Returns the failure's reason, or null for an interruption.
   */
  String fail(Exception e, Supplier<String> engineLogTail) {
    if (RunGuard.aborting()) {
      abort(engineLogTail);
      return null;
    }
    status = RunResult.Status.FAILED;
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    failure =
        new RunResult.Failure(
            reason, e instanceof ServiceFailure f ? f.logTail() : engineLogTail.get());
    return reason;
  }

  /** A run that ran to its end while the harness was being stopped counts as interrupted. */
  void abortIfStopping(Supplier<String> engineLogTail) {
    if (RunGuard.aborting() && status == RunResult.Status.COMPLETED) {
      abort(engineLogTail);
    }
  }

  private void abort(Supplier<String> engineLogTail) {
    status = RunResult.Status.ABORTED;
    failure = new RunResult.Failure("interrupted by a signal", engineLogTail.get());
  }

  boolean completed() {
    return status == RunResult.Status.COMPLETED;
  }

  RunResult.Status status() {
    return status;
  }

  RunResult.Failure failure() {
    return failure;
  }
}
